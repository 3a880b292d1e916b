import { REGIONS, comunasOf, regionLabel } from '@/lib/chile/regions';
import type { Address } from '@/lib/formation/draft';
import { SelectField, TextField } from '@/islands/ui/fields';

const regionOptions = REGIONS.map((r) => ({ value: r.name, label: regionLabel(r) }));

/** calle, número, región → comuna (official list), detalle. */
export function AddressFields({
  value,
  onChange,
  errors,
  prefix,
}: {
  value: Address;
  onChange: (a: Address) => void;
  errors: (path: string) => string | undefined;
  prefix: string;
}) {
  const set = (patch: Partial<Address>) => onChange({ ...value, ...patch });
  const comunas = comunasOf(value.region).map((c) => ({ value: c, label: c }));
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField
        className="sm:col-span-4"
        label="Calle"
        name={`${prefix}.calle`}
        autoComplete="address-line1"
        value={value.calle}
        onChange={(e) => set({ calle: e.target.value })}
        error={errors(`${prefix}.calle`)}
      />
      <TextField
        className="sm:col-span-2"
        label="Número"
        name={`${prefix}.numero`}
        inputMode="numeric"
        value={value.numero}
        onChange={(e) => set({ numero: e.target.value })}
        error={errors(`${prefix}.numero`)}
      />
      <SelectField
        className="sm:col-span-3"
        label="Región"
        name={`${prefix}.region`}
        value={value.region}
        placeholder="Elige una región"
        options={regionOptions}
        onChange={(e) =>
          set({
            region: e.target.value,
            comuna: comunasOf(e.target.value).includes(value.comuna) ? value.comuna : '',
          })
        }
        error={errors(`${prefix}.region`)}
      />
      <SelectField
        className="sm:col-span-3"
        label="Comuna"
        name={`${prefix}.comuna`}
        value={value.comuna}
        placeholder={value.region ? 'Elige una comuna' : 'Primero elige la región'}
        disabled={!value.region}
        options={comunas}
        onChange={(e) => set({ comuna: e.target.value })}
        error={errors(`${prefix}.comuna`)}
      />
      <TextField
        className="sm:col-span-6"
        label="Detalle (opcional)"
        name={`${prefix}.detalle`}
        placeholder="Oficina, depto., villa…"
        autoComplete="address-line2"
        value={value.detalle}
        onChange={(e) => set({ detalle: e.target.value })}
        error={errors(`${prefix}.detalle`)}
      />
    </div>
  );
}
