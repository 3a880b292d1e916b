/** Shop set-up the API tests share. */
import { ApiClient } from './http';

/** The pickup point most tests' shops have. */
export const PICKUP = {
  name: 'Taller',
  address: 'Av. Italia 1234, Ñuñoa',
  hours: 'Lunes a viernes, 10:00 a 18:00',
};

/** Replaces the shop's delivery settings (`PUT /api/store/delivery/` at its current version). */
export async function setDelivery(
  api: ApiClient,
  token: string,
  delivery: Record<string, unknown>,
): Promise<Record<string, any>> {
  const { version } = (await api.get('/api/store/delivery/', { token })).body;
  const saved = await api.put('/api/store/delivery/', { ...delivery, version }, { token });
  if (saved.status !== 200)
    throw new Error(`delivery not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  return saved.body;
}
