/**
 * Reference data every instance needs, upserted at start (idempotent): the virtual-office
 * plans of formation step 02.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/handle';
import { voPlans } from '@/lib/server/db/schema';

export const VO_PLANS = [
  {
    id: 1,
    name: 'Domicilio tributario',
    priceClp: 9_990,
    features: [
      'Dirección comercial en Providencia para el SII y tus documentos',
      'Recepción de correspondencia con aviso por correo',
      'Contrato listo para el inicio de actividades',
    ],
    sortOrder: 1,
  },
  {
    id: 2,
    name: 'Oficina virtual',
    priceClp: 19_990,
    features: [
      'Todo lo del plan Domicilio tributario',
      'Sala de reuniones 4 horas al mes',
      'Atención telefónica con el nombre de tu empresa',
    ],
    sortOrder: 2,
  },
  {
    id: 3,
    name: 'Oficina virtual plus',
    priceClp: 34_990,
    features: [
      'Todo lo del plan Oficina virtual',
      'Puesto de trabajo 8 días al mes',
      'Escaneo de la correspondencia y reenvío a domicilio',
    ],
    sortOrder: 3,
  },
];

export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(voPlans)
    .values(VO_PLANS)
    .onConflictDoUpdate({
      target: voPlans.id,
      set: {
        name: sql`excluded.name`,
        priceClp: sql`excluded.price_clp`,
        features: sql`excluded.features`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
