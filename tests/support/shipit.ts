/**
 * A local server that speaks Shipit's API v4 (developers.shipit.cl), written from its documentation:
 * every call needs `X-Shipit-Email`, `X-Shipit-Access-Token` (401 `{message}` without a known pair)
 * and `Accept: application/vnd.shipit.v4`. `/v/communes` lists the comunas as Shipit writes them, in
 * capitals without accents or ñ, under ids of its own. `/v/rates` `{parcel}` answers
 * `{prices, lower_price}` or, for a route no courier serves, 400 «Sin Precios…». `/v/shipments`
 * `{shipment}` answers `{id, status: 'created'}`; its tracking number and label (`pack_pdf`) appear
 * only `labelAfterMs` later on `GET /v/shipments/{id}`, as Shipit's come about 20 s later; a
 * `reference` is taken once a day (422). `/__debug/…` lets tests read what was created, hang the
 * quotes, and move a shipment (which POSTs, then PUTs, the app's webhook as Shipit does).
 */
import http from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { courierComunas } from './courier-comunas';
import { listenLocal, readBody, sendJson } from './local-http';

export const SHIPIT_EMAIL = 'tienda@impulsa.test';
export const SHIPIT_TOKEN = 'shipit-token-4f1c9a';

interface Shipment {
  id: number;
  reference: string;
  day: string;
  createdAt: number;
  status: string;
  body: Record<string, unknown>;
}

export interface TestShipit {
  url: string;
  /** Comunas (Shipit's names) to which no courier goes from anywhere: 400 «Sin Precios». */
  noService: Set<string>;
  /** Quotes wait this long before answering (a courier that hangs). */
  quoteDelayMs: number;
  /** Comunas (Shipit's names) whose quotes hang this long: one test's courier outage, not all. */
  hangTo: Map<string, number>;
  shipments: Shipment[];
  /** Calls by path, to count what the app asked. */
  calls: string[];
  close(): Promise<void>;
}

export async function startShipit(
  options: {
    labelAfterMs?: number;
    /** A created shipment is answered this much later (a process may die waiting). */
    createDelayMs?: number;
    /** A fixed port (the bench starts it as a child); 0: any free one. */
    port?: number;
  } = {},
): Promise<TestShipit> {
  const labelAfterMs = options.labelAfterMs ?? 300;
  // Shipit's own ids: not the official codes, so a client that sends ours is caught.
  const communes = courierComunas().map((c, i) => ({
    id: 1000 + i * 7,
    name: c.name,
    region_id: Number(c.region),
  }));
  const byId = new Map(communes.map((c) => [c.id, c]));
  const state: TestShipit = {
    url: '',
    noService: new Set(),
    quoteDelayMs: 0,
    hangTo: new Map(),
    shipments: [],
    calls: [],
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://shipit.local');
      const raw = await readBody(req);
      if (url.pathname.startsWith('/__debug/')) return debug(url, raw, res);
      state.calls.push(`${req.method} ${url.pathname}`);
      // The label is a file on Shipit's storage: its link is the key, as `pack_pdf`'s is.
      const label = /^\/labels\/(\d+)\.pdf$/.exec(url.pathname);
      if (req.method === 'GET' && label) return sendLabel(Number(label[1]), res);
      if (
        req.headers['x-shipit-email'] !== SHIPIT_EMAIL ||
        req.headers['x-shipit-access-token'] !== SHIPIT_TOKEN
      )
        return sendJson(res, 401, { message: 'No autorizado' });
      if (req.headers.accept !== 'application/vnd.shipit.v4')
        return sendJson(res, 406, { message: 'Versión de API no soportada' });
      let body: Record<string, unknown> = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return sendJson(res, 400, { message: 'JSON inválido' });
        }
      }
      if (req.method === 'GET' && url.pathname === '/v/communes')
        return sendJson(res, 200, communes);
      if (req.method === 'POST' && url.pathname === '/v/rates') return rates(body, res);
      if (req.method === 'POST' && url.pathname === '/v/shipments') {
        const answer = create(body);
        if (options.createDelayMs) await new Promise((r) => setTimeout(r, options.createDelayMs));
        return sendJson(res, answer.status, answer.body);
      }
      const one = /^\/v\/shipments\/(\d+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) return show(Number(one[1]), res);
      return sendJson(res, 404, { message: 'No encontrado' });
    })();
  });

  async function rates(body: Record<string, unknown>, res: http.ServerResponse) {
    const parcel = body.parcel as Record<string, unknown> | undefined;
    const origin = byId.get(Number(parcel?.origin_id));
    const destiny = byId.get(Number(parcel?.destiny_id));
    const weight = Number(parcel?.weight);
    if (!parcel || !origin || !destiny || !(weight > 0))
      return sendJson(res, 422, { message: 'Parámetros de cotización inválidos' });
    if (parcel.type_of_destiny !== 'domicilio')
      return sendJson(res, 422, { message: 'type_of_destiny inválido' });
    const delay = state.hangTo.get(destiny.name) ?? state.quoteDelayMs;
    if (delay) await new Promise((r) => setTimeout(r, delay));
    if (state.noService.has(destiny.name) || state.noService.has(origin.name))
      return sendJson(res, 400, { message: `Sin Precios para ${origin.name} → ${destiny.name}` });
    const side = (k: string) => Number(parcel[k]) || 1;
    const chargeable = Math.max(weight, (side('length') * side('width') * side('height')) / 4000);
    const far = Math.abs(origin.id - destiny.id) > 700;
    const prices = [
      { courier: 'starken', display: 'Starken', base: 3990, perKg: 900, days: far ? 4 : 2 },
      {
        courier: 'chilexpress',
        display: 'Chilexpress',
        base: 4490,
        perKg: 1100,
        days: far ? 3 : 1,
      },
    ].map((c) => ({
      price: Math.round((c.base + c.perKg * Math.ceil(chargeable) + (far ? 2500 : 0)) / 10) * 10,
      days: c.days,
      courier: { name: c.courier, display_name: c.display },
      available_to_shipping: true,
    }));
    return sendJson(res, 200, {
      prices,
      lower_price: prices.reduce((a, b) => (a.price <= b.price ? a : b)),
    });
  }

  /** A shipment recorded (or why not), before the answer goes out. */
  function create(body: Record<string, unknown>): { status: number; body: unknown } {
    const s = body.shipment as Record<string, unknown> | undefined;
    const destiny = (s?.destiny ?? {}) as Record<string, unknown>;
    const reference = typeof s?.reference === 'string' ? s.reference : '';
    if (!s || !reference || reference.length > 15)
      return {
        status: 422,
        body: { message: 'reference es obligatoria (máximo 15 caracteres)' },
      };
    if (!byId.has(Number(destiny.commune_id)) || !destiny.street || !destiny.full_name)
      return { status: 422, body: { message: 'destiny incompleto' } };
    const day = new Date().toISOString().slice(0, 10);
    if (state.shipments.some((x) => x.reference === reference && x.day === day))
      return { status: 422, body: { message: 'reference ya fue utilizada hoy' } };
    const shipment: Shipment = {
      id: 50_000 + state.shipments.length,
      reference,
      day,
      createdAt: Date.now(),
      status: 'created',
      body: s,
    };
    state.shipments.push(shipment);
    return { status: 200, body: { id: shipment.id, status: 'created', reference } };
  }

  function view(s: Shipment) {
    const ready = Date.now() - s.createdAt >= labelAfterMs;
    return {
      id: s.id,
      reference: s.reference,
      status: s.status,
      courier_status: s.status,
      tracking_number: ready ? `TRK${s.id}` : null,
      courier_url: ready ? `${state.url}/seguimiento/${s.id}` : null,
      pack_pdf: ready ? `${state.url}/labels/${s.id}.pdf` : null,
    };
  }

  function show(id: number, res: http.ServerResponse) {
    const s = state.shipments.find((x) => x.id === id);
    return s ? sendJson(res, 200, view(s)) : sendJson(res, 404, { message: 'Envío no encontrado' });
  }

  async function sendLabel(id: number, res: http.ServerResponse) {
    const s = state.shipments.find((x) => x.id === id);
    if (!s || Date.now() - s.createdAt < labelAfterMs)
      return sendJson(res, 404, { message: 'No encontrado' });
    // A 4 × 6 in label with the reference and tracking number on it, as a courier's is.
    const doc = await PDFDocument.create();
    const page = doc.addPage([288, 432]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText(`${s.reference} TRK${s.id}`, { x: 24, y: 400, size: 14, font });
    const pdf = await doc.save();
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    res.end(Buffer.from(pdf));
  }

  /**
   * `/__debug/move/{id}?status=…&webhook=…`: the shipment moves and Shipit tells the app (PUT);
   * `/__debug/no-service?comuna=NAME` and `/__debug/hang?comuna=NAME&ms=…`: a route nobody serves
   * or a courier that hangs; `/__debug/shipments?reference=…`: what was created under a reference.
   * For tests that share this server from another process.
   */
  async function debug(url: URL, _raw: string, res: http.ServerResponse) {
    const comuna = url.searchParams.get('comuna');
    if (url.pathname === '/__debug/no-service' && comuna) {
      state.noService.add(comuna);
      return sendJson(res, 200, {});
    }
    if (url.pathname === '/__debug/shipments')
      return sendJson(
        res,
        200,
        state.shipments
          .filter((x) => x.reference === url.searchParams.get('reference'))
          .map((x) => ({ id: x.id, reference: x.reference, body: x.body })),
      );
    if (url.pathname === '/__debug/hang' && comuna) {
      state.hangTo.set(comuna, Number(url.searchParams.get('ms') ?? 10_000));
      return sendJson(res, 200, {});
    }
    const move = /^\/__debug\/move\/(\d+)$/.exec(url.pathname);
    if (move) {
      const s = state.shipments.find((x) => x.id === Number(move[1]));
      if (!s) return sendJson(res, 404, {});
      s.status = url.searchParams.get('status') ?? 'in_transit';
      const hook = url.searchParams.get('webhook');
      const status = hook
        ? await fetch(hook, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(view(s)),
          }).then(
            (r) => r.status,
            () => 0,
          )
        : null;
      return sendJson(res, 200, { shipment: view(s), webhook: status });
    }
    return sendJson(res, 404, {});
  }

  const listening = await listenLocal(server, options.port ?? 0);
  state.url = listening.url;
  state.close = () => listening.close();
  return state;
}
