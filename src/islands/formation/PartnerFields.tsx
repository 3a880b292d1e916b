import { CIVIL_STATUSES, CIVIL_STATUS_LABELS, type Partner } from '@/lib/formation/draft';
import { formatRut, isValidRut } from '@/lib/rut';
import { normalizePhone, formatPhone } from '@/lib/phone';
import { SelectField, TextField } from '@/islands/ui/fields';

const civilOptions = CIVIL_STATUSES.map((s) => ({ value: s, label: CIVIL_STATUS_LABELS[s] }));

/** A partner's personal data (docs/spec.md §3), as the deed needs it. */
export function PartnerFields({
  value,
  onChange,
  errors,
  prefix,
}: {
  value: Partner;
  onChange: (p: Partner) => void;
  errors: (path: string) => string | undefined;
  prefix: string;
}) {
  const set = (patch: Partial<Partner>) => onChange({ ...value, ...patch });
  const e = (field: keyof Partner) => errors(`${prefix}.${field}`);
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField
        className="sm:col-span-2"
        label="RUT"
        name={`${prefix}.runRut`}
        placeholder="12.345.678-5"
        autoComplete="off"
        value={value.runRut}
        onChange={(ev) => set({ runRut: ev.target.value })}
        onBlur={() =>
          value.runRut && isValidRut(value.runRut) && set({ runRut: formatRut(value.runRut) })
        }
        error={e('runRut')}
      />
      <TextField
        className="sm:col-span-4"
        label="Nombres"
        name={`${prefix}.nombre`}
        autoComplete="given-name"
        value={value.nombre}
        onChange={(ev) => set({ nombre: ev.target.value })}
        error={e('nombre')}
      />
      <TextField
        className="sm:col-span-3"
        label="Primer apellido"
        name={`${prefix}.primerApellido`}
        autoComplete="family-name"
        value={value.primerApellido}
        onChange={(ev) => set({ primerApellido: ev.target.value })}
        error={e('primerApellido')}
      />
      <TextField
        className="sm:col-span-3"
        label="Segundo apellido (opcional)"
        name={`${prefix}.segundoApellido`}
        value={value.segundoApellido}
        onChange={(ev) => set({ segundoApellido: ev.target.value })}
        error={e('segundoApellido')}
      />
      <TextField
        className="sm:col-span-3"
        label="Correo electrónico"
        type="email"
        inputMode="email"
        name={`${prefix}.email`}
        autoComplete="email"
        value={value.email}
        onChange={(ev) => set({ email: ev.target.value })}
        error={e('email')}
      />
      <TextField
        className="sm:col-span-3"
        label="Teléfono"
        type="tel"
        name={`${prefix}.telefono`}
        placeholder="+56 9 1234 5678"
        autoComplete="tel"
        value={value.telefono}
        onChange={(ev) => set({ telefono: ev.target.value })}
        onBlur={() => {
          const n = normalizePhone(value.telefono);
          if (n) set({ telefono: formatPhone(n) });
        }}
        error={e('telefono')}
      />
      <SelectField
        className="sm:col-span-2"
        label="Estado civil"
        name={`${prefix}.estadoCivil`}
        value={value.estadoCivil}
        placeholder="Elige"
        options={civilOptions}
        onChange={(ev) => set({ estadoCivil: ev.target.value as Partner['estadoCivil'] })}
        error={e('estadoCivil')}
      />
      <TextField
        className="sm:col-span-2"
        label="Profesión u oficio"
        name={`${prefix}.profesion`}
        value={value.profesion}
        onChange={(ev) => set({ profesion: ev.target.value })}
        error={e('profesion')}
      />
      <TextField
        className="sm:col-span-2"
        label="Nacionalidad"
        name={`${prefix}.nacionalidad`}
        value={value.nacionalidad}
        onChange={(ev) => set({ nacionalidad: ev.target.value })}
        error={e('nacionalidad')}
      />
      <TextField
        className="sm:col-span-6"
        label="Dirección particular"
        name={`${prefix}.direccion`}
        placeholder="Calle, número, comuna"
        autoComplete="street-address"
        value={value.direccion}
        onChange={(ev) => set({ direccion: ev.target.value })}
        error={e('direccion')}
      />
    </div>
  );
}
