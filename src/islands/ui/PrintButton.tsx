/**
 * «Imprimir»: the browser's print dialog. An island because the CSP allows no inline handlers;
 * before hydration it is not shown (printing needs the browser's menu then).
 */
import { useHydrated } from '@/islands/ui/fields';

export default function PrintButton({ label, className }: { label: string; className: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      {label}
    </button>
  );
}
