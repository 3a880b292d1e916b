/**
 * A product's edit by whoever works in the shop (issue 67): the owner changes anything; a member
 * with the catalogue changes prices only with «Cambiar precios» (a 403 otherwise, nothing saved).
 */
import type { Db } from '@/lib/server/db/client';
import { TEAM_FORBIDDEN } from '@/lib/team/shop.server';
import { HttpError } from '@/lib/server/http/errors';
import { changesPrice } from '@/lib/shop/price-change';
import { getProduct, updateProduct } from '@/lib/shop/products.server';
import type { productPatchSchema } from '@/lib/shop/schemas';
import { can, type ShopActor } from '@/lib/team/permissions';
import type { z } from '@/lib/zod';

export async function editProduct(
  db: Db,
  shop: { id: number; actor: ShopActor },
  id: number,
  patch: z.infer<typeof productPatchSchema>,
) {
  if (!can(shop.actor, 'edit_prices') && changesPrice(await getProduct(db, shop.id, id), patch))
    throw new HttpError(403, TEAM_FORBIDDEN);
  return updateProduct(db, shop.id, id, patch);
}
