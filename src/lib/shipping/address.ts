/**
 * A buyer's address as couriers take it: street, number and the rest apart. Checkout asks for one
 * line («Calle, número, depto.»); Shipit wants three fields. Pure.
 */
export interface StreetAddress {
  street: string;
  /** «S/N» when the line names no number (a rural address, a parcela). */
  number: string;
  complement: string;
}

/** The street up to its first house number; what follows it is the complement. */
export function splitAddress(line: string): StreetAddress {
  const text = line.replace(/\s+/g, ' ').trim();
  // A number after some street text: «Los Aromos 55», «Av. Italia #1234», «Calle 5 Norte 120».
  const match =
    /^(.*?\D)\s*(?:#|n[°º]\s*)?\b(\d{1,6}[A-Za-z]?)\b(?!\s*(?:norte|sur|oriente|poniente)\b)\s*[,;-]?\s*(.*)$/i.exec(
      text,
    );
  if (!match || !/[\p{L}]/u.test(match[1]!))
    return { street: text.replace(/[,;]\s*$/, ''), number: 'S/N', complement: '' };
  return {
    street: match[1]!.replace(/[\s,#-]+$/, '').trim(),
    number: match[2]!,
    complement: match[3]!.trim(),
  };
}
