/** `n` and the word for it, with Chile's digits: `1 unidad`, `1.200 unidades`. */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('es-CL')} ${n === 1 ? one : many}`;
}
