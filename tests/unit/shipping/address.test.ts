/** The checkout's one-line address split as couriers take it. */
import { describe, expect, it } from 'vitest';
import { splitAddress } from '@/lib/shipping/address';

describe('splitAddress', () => {
  it.each([
    ['Los Aromos 55', 'Los Aromos', '55', ''],
    ['Av. Irarrázaval 3456, depto 12', 'Av. Irarrázaval', '3456', 'depto 12'],
    ['Av. Italia #1234 casa B', 'Av. Italia', '1234', 'casa B'],
    ['Pasaje Los Olmos N° 77', 'Pasaje Los Olmos', '77', ''],
    ['Calle 5 Norte 120, of. 3', 'Calle 5 Norte', '120', 'of. 3'],
    ['Avenida Grecia 1420B', 'Avenida Grecia', '1420B', ''],
    ['  Camino   a Melipilla  ', 'Camino a Melipilla', 'S/N', ''],
    ['Parcela El Roble, sector Los Maitenes', 'Parcela El Roble, sector Los Maitenes', 'S/N', ''],
  ])('%s', (line, street, number, complement) => {
    expect(splitAddress(line)).toEqual({ street, number, complement });
  });
});
