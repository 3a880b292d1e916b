import { Fragment, useMemo, useRef, useState } from 'react';
import { SelectField, TextField, typedBeforeHydration } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { gridRows, typedOptions, type VariantFormRow } from '@/lib/shop/variant-form';

/** The form this island sits in (`VariantsForm.astro`). */
export const VARIANTS_FORM = 'variantes-form';

interface Props {
  /** The three option rows as typed: a name and its values separated by commas. */
  options: { name: string; values: string }[];
  rows: VariantFormRow[];
  photos: { id: string; label: string }[];
  /** The product's price as the hint shows it: `$19.990`. */
  productPrice: string;
  errors: Record<string, string | undefined>;
}

const BULK_LABELS = { price: 'Precio', stock: 'Stock' } as const;

const PLACEHOLDERS = [
  ['Talla', 'S, M, L, XL'],
  ['Color', 'Negro, Blanco, Rojo'],
  ['Material', 'Algodón, Lino'],
];

/**
 * The options and the variants grid of the product editor. Server-rendered as the plain form's
 * fields (their names are `variant-form.ts`'s), so it posts before any script; once hydrated,
 * the grid follows the options as they are typed (a combination kept keeps what was written in
 * it) and a price or a stock can be given to every variant at once.
 */
function VariantsGrid({ options: initial, rows, photos, productPrice, errors }: Props) {
  // What was typed before hydration stays (the plain inputs were usable already).
  const [options, setOptions] = useState(() =>
    initial.map((o, i) => ({
      name: typedBeforeHydration(VARIANTS_FORM, `option-${i}-name`) || o.name,
      values: typedBeforeHydration(VARIANTS_FORM, `option-${i}-values`) || o.values,
    })),
  );
  const grid = useMemo(() => gridRows(typedOptions(options), rows), [options, rows]);
  const list = useRef<HTMLUListElement>(null);
  const [bulk, setBulk] = useState({ price: '', stock: '' });
  const setOption = (i: number, field: 'name' | 'values', value: string) =>
    setOptions((all) => all.map((o, j) => (j === i ? { ...o, [field]: value } : o)));
  /** Writes `value` into every variant's `field` (the grid's inputs keep their own text). */
  const applyToAll = (field: 'price' | 'stock') => {
    for (const input of list.current?.querySelectorAll<HTMLInputElement>(
      `input[data-field="${field}"]`,
    ) ?? [])
      input.value = bulk[field];
  };

  return (
    <>
      <fieldset>
        <legend className="font-semibold">Opciones</legend>
        <div className="mt-3 grid gap-4">
          {options.map((option, i) => (
            <div key={i} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
              <TextField
                label={`Opción ${i + 1}`}
                name={`option-${i}-name`}
                value={option.name}
                onChange={(e) => setOption(i, 'name', e.target.value)}
                placeholder={PLACEHOLDERS[i]![0]}
                maxLength={30}
              />
              <TextField
                label={`Valores de la opción ${i + 1}`}
                name={`option-${i}-values`}
                value={option.values}
                onChange={(e) => setOption(i, 'values', e.target.value)}
                placeholder={PLACEHOLDERS[i]![1]}
                hint="Separados por comas."
                error={errors[`options.${i}.name`] ?? errors[`options.${i}.values`]}
              />
            </div>
          ))}
        </div>
        {errors.options && (
          <p className="field-error mt-2" role="alert">
            {errors.options}
          </p>
        )}
      </fieldset>

      {grid.length > 0 ? (
        <fieldset className="mt-8">
          <legend className="font-semibold">Variantes ({grid.length})</legend>
          <p className="mt-1 text-sm text-ink-600">
            Deja el precio vacío para usar el del producto ({productPrice}) y el stock vacío si no
            tiene límite. Las combinaciones siguen a las opciones; se guardan al guardar.
          </p>
          {errors.variants && (
            <p className="field-error mt-2" role="alert">
              {errors.variants}
            </p>
          )}
          <div className="mt-4 flex flex-wrap items-end gap-3 rounded-lg bg-ink-50 p-3">
            {(['price', 'stock'] as const).map((field) => (
              <Fragment key={field}>
                <TextField
                  label={`${BULK_LABELS[field]} para todas`}
                  inputMode="numeric"
                  value={bulk[field]}
                  onChange={(e) => setBulk({ ...bulk, [field]: e.target.value })}
                  className="w-36"
                />
                <button type="button" className="btn-secondary" onClick={() => applyToAll(field)}>
                  Aplicar {BULK_LABELS[field].toLowerCase()}
                </button>
              </Fragment>
            ))}
          </div>
          <ul ref={list} className="mt-4 grid gap-3">
            {grid.map((row, k) => (
              <li key={row.values.toLowerCase()}>
                <fieldset className="rounded-lg border border-ink-200 p-4">
                  <legend className="px-1 font-semibold">{row.name}</legend>
                  <input type="hidden" name={`variant-${k}-values`} value={row.values} />
                  <input type="hidden" name={`variant-${k}-version`} value={row.version} />
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={`variant-${k}-enabled`}
                      defaultChecked={row.enabled}
                    />
                    Se vende
                  </label>
                  <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
                    <TextField
                      label="Precio"
                      name={`variant-${k}-price`}
                      data-field="price"
                      inputMode="numeric"
                      defaultValue={row.price}
                      placeholder={productPrice}
                      error={errors[`variants.${k}.price`]}
                    />
                    <TextField
                      label="Precio anterior"
                      name={`variant-${k}-compare_at_price`}
                      inputMode="numeric"
                      defaultValue={row.compare_at_price}
                      error={errors[`variants.${k}.compare_at_price`]}
                    />
                    <TextField
                      label="Stock"
                      name={`variant-${k}-stock`}
                      data-field="stock"
                      inputMode="numeric"
                      defaultValue={row.stock}
                      placeholder="Sin límite"
                      error={errors[`variants.${k}.stock`]}
                    />
                    <TextField
                      label="SKU"
                      name={`variant-${k}-sku`}
                      defaultValue={row.sku}
                      maxLength={40}
                      error={errors[`variants.${k}.sku`]}
                    />
                    <SelectField
                      label="Foto"
                      name={`variant-${k}-image`}
                      defaultValue={row.image}
                      placeholder="Las del producto"
                      options={photos.map((p) => ({ value: p.id, label: p.label }))}
                      className="col-span-2 lg:col-span-1"
                    />
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : (
        <p className="mt-6 text-sm text-ink-600">
          Sin opciones, el producto se vende con el precio y el stock de arriba.
        </p>
      )}
    </>
  );
}

export default withIslandBoundary(VariantsGrid);
