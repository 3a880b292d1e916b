/**
 * The catalogue half of the local Mercado Libre (site MLC), from its documentation: the category
 * predictor (`GET /sites/MLC/domain_discovery/search?q=`), a category's attributes with the ones
 * a listing must carry (`GET /categories/{id}/attributes`, `tags.required`), and publishing
 * (`POST /items`) with Mercado Libre's validation error shape (`cause[]` of `{code, message}`).
 */
import type http from 'node:http';
import { sendJson } from './local-http';
import type { MlItem } from './mercadolibre';

interface Category {
  id: string;
  name: string;
  domain_id: string;
  domain_name: string;
  /** Words of a title that point to it. */
  words: string[];
  attributes: { id: string; name: string; tags: Record<string, boolean> }[];
}

const BRAND = { id: 'BRAND', name: 'Marca', tags: { required: true } };
const GTIN = { id: 'GTIN', name: 'Código universal de producto', tags: {} };

export const CATEGORIES: Category[] = [
  {
    id: 'MLC178700',
    name: 'Tazas',
    domain_id: 'MLC-MUGS',
    domain_name: 'Tazas',
    words: ['taza', 'tazón', 'mug'],
    attributes: [BRAND, { id: 'MATERIAL', name: 'Material', tags: { required: true } }, GTIN],
  },
  {
    id: 'MLC158583',
    name: 'Poleras',
    domain_id: 'MLC-T_SHIRTS',
    domain_name: 'Poleras',
    words: ['polera', 'camiseta'],
    attributes: [
      BRAND,
      { id: 'GENDER', name: 'Género', tags: { required: true } },
      { id: 'SIZE', name: 'Talla', tags: { allow_variations: true } },
      GTIN,
    ],
  },
  {
    id: 'MLC1953',
    name: 'Otros',
    domain_id: 'MLC-OTHERS',
    domain_name: 'Otros',
    words: [],
    attributes: [BRAND, GTIN],
  },
];

const LISTING_TYPES = ['free', 'gold_special', 'gold_pro'];
let nextItem = 4_000_000_001;

/** The routes of the catalogue half; false when `path` is not one of them. */
export function catalogRoute(
  items: MlItem[],
  req: http.IncomingMessage,
  url: URL,
  raw: string,
  res: http.ServerResponse,
  caller: { userId: number } | null,
): boolean {
  const path = url.pathname;
  if (req.method === 'GET' && path === '/sites/MLC/domain_discovery/search') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 3), 8);
    const found = CATEGORIES.filter((c) => c.words.some((w) => q.includes(w)));
    sendJson(
      res,
      200,
      (found.length ? found : CATEGORIES.slice(-1)).slice(0, limit).map((c) => ({
        domain_id: c.domain_id,
        domain_name: c.domain_name,
        category_id: c.id,
        category_name: c.name,
        attributes: [],
      })),
    );
    return true;
  }
  const attributes = /^\/categories\/(MLC\d+)\/attributes$/.exec(path);
  if (req.method === 'GET' && attributes) {
    const category = CATEGORIES.find((c) => c.id === attributes[1]);
    if (!category)
      sendJson(res, 404, { message: 'Category not found', error: 'not_found', status: 404 });
    else sendJson(res, 200, category.attributes);
    return true;
  }
  if (req.method === 'POST' && path === '/items') {
    if (!caller) {
      sendJson(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
      return true;
    }
    publish(items, raw, res, caller.userId);
    return true;
  }
  return false;
}

/** `POST /items`: Mercado Libre's checks, one cause each, then the listing, active. */
function publish(items: MlItem[], raw: string, res: http.ServerResponse, userId: number) {
  let body: Record<string, any>;
  try {
    body = JSON.parse(raw) as Record<string, any>;
  } catch {
    return sendJson(res, 400, { message: 'body is not JSON', error: 'bad_request', status: 400 });
  }
  const cause: { code: string; message: string }[] = [];
  const category = CATEGORIES.find((c) => c.id === body.category_id);
  if (body.site_id !== 'MLC') cause.push({ code: 'item.site_id.invalid', message: 'site_id' });
  if (!category) cause.push({ code: 'item.category_id.invalid', message: 'category_id' });
  if (typeof body.title !== 'string' || !body.title || body.title.length > 60)
    cause.push({ code: 'item.title.length.invalid', message: 'title: 1 to 60 characters' });
  if (body.currency_id !== 'CLP') cause.push({ code: 'item.currency_id.invalid', message: 'CLP' });
  if (!Number.isInteger(body.price) || body.price < 1)
    cause.push({ code: 'item.price.invalid', message: 'price' });
  if (!LISTING_TYPES.includes(body.listing_type_id))
    cause.push({ code: 'item.listing_type_id.invalid', message: 'listing_type_id' });
  if (!['new', 'used'].includes(body.condition))
    cause.push({ code: 'item.condition.invalid', message: 'condition' });
  if (body.buying_mode !== 'buy_it_now')
    cause.push({ code: 'item.buying_mode.invalid', message: 'buying_mode' });
  const given = new Set(
    (Array.isArray(body.attributes) ? body.attributes : [])
      .filter((a: any) => typeof a?.value_name === 'string' && a.value_name.trim())
      .map((a: any) => a.id),
  );
  const missing = (category?.attributes ?? [])
    .filter((a) => a.tags.required && !given.has(a.id))
    .map((a) => a.id);
  if (missing.length)
    cause.push({
      code: 'item.attribute.missing_required',
      message: `The attributes [${missing.join(', ')}] are required for category ${category!.id}.`,
    });
  const variations = Array.isArray(body.variations) ? body.variations : [];
  if (variations.length && !category?.attributes.some((a) => a.tags.allow_variations))
    cause.push({ code: 'item.variations.not_allowed', message: 'variations' });
  const quantity = variations.length
    ? variations.reduce((n: number, v: any) => n + Number(v.available_quantity ?? 0), 0)
    : body.available_quantity;
  if (!Number.isInteger(quantity) || quantity < 1)
    cause.push({ code: 'item.available_quantity.invalid', message: 'available_quantity' });
  if (cause.length)
    return sendJson(res, 400, {
      message: 'Validation error',
      error: 'validation_error',
      status: 400,
      cause,
    });
  const id = `MLC${nextItem++}`;
  const item: MlItem = {
    id,
    seller_id: userId,
    title: body.title,
    price: body.price,
    currency_id: 'CLP',
    available_quantity: quantity,
    status: 'active',
    attributes: body.attributes,
    variations: variations.map((v: any, i: number) => ({
      id: 190_000 + nextItem * 10 + i,
      available_quantity: v.available_quantity,
      price: v.price ?? body.price,
      attribute_combinations: v.attribute_combinations ?? [],
      attributes: v.attributes ?? [],
    })),
  };
  items.push(item);
  return sendJson(res, 201, { ...item, permalink: `https://articulo.mercadolibre.cl/${id}` });
}
