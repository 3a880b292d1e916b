/**
 * A local server that speaks Starken's integration gateway, written from what its e-commerce
 * plug-ins call (`../shared/chile-2026.md` §Shipping): `Authorization: Bearer` or 401
 * `{status, error}`; `/agency/comuna` lists comunas under Starken's own DLS codes inside cities'
 * codes, in capitals without accents (some by another name); `/agency/comuna/{id}` its agencies;
 * `/emision/tipo-entrega/` and `/emision/tipo-servicio/` the kinds' DLS codes; the quote answers
 * 201 `{alternativas}` (every service × DOMICILIO/AGENCIA × who pays) or 404 when no rate exists;
 * an emission answers 201 with its id and `orden_flete: 0`, and its OF and label appear on
 * `/emision/consulta/{id}` only `emitAfterMs` later; tracking by OF. No webhook, as Starken has
 * none: tests move a parcel with `/__debug/move/{OF}` and the app finds out by polling.
 */
import http from 'node:http';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { courierComunas } from './courier-comunas';
import { listenLocal, readBody, sendJson } from './local-http';

export const STARKEN_TOKEN = 'starken-5b2e90c4-7d1f';

interface Emission {
  id: number;
  of: number;
  contenido: string;
  createdAt: number;
  status: string;
  body: Record<string, unknown>;
}

export interface TestStarken {
  url: string;
  /** Comunas (Starken's names) no rate reaches: the quote answers 404. */
  noService: Set<string>;
  /** Comunas (Starken's names) whose quotes hang this long. */
  hangTo: Map<string, number>;
  emissions: Emission[];
  /** Order numbers whose emission Starken takes this long to process (its OF and label). */
  slow: Map<string, number>;
  /** Order numbers whose next emission is recorded and then its connection cut, unanswered. */
  dropAnswer: Set<string>;
  calls: string[];
  close(): Promise<void>;
}

const DELIVERY = [
  { codigo_dls: 1, nombre: 'AGENCIA', descripcion: 'Retiro en agencia' },
  { codigo_dls: 2, nombre: 'DOMICILIO', descripcion: 'Entrega a domicilio' },
];
const SERVICES = [
  { codigo_dls: 0, nombre: 'NORMAL', descripcion: 'Normal' },
  { codigo_dls: 1, nombre: 'EXPRESO', descripcion: 'Expreso' },
];

export async function startStarken(
  options: { emitAfterMs?: number; port?: number } = {},
): Promise<TestStarken> {
  const emitAfterMs = options.emitAfterMs ?? 300;
  // Starken's own codes: never the official ones, so a client that sends ours is caught.
  const comunas = courierComunas().map((c, i) => ({
    id: 9000 + i,
    code_dls: 3000 + i * 3,
    name: c.name,
    city: { id: 100 + Number(c.region), code_dls: 10 + Number(c.region) * 7, name: c.name },
  }));
  const byDls = new Map(comunas.map((c) => [c.code_dls, c]));
  const agencies = comunas.map((c, i) => ({
    code_dls: String(7000 + i),
    name: `AGENCIA ${c.name}`,
    comuna: c.id,
  }));
  const state: TestStarken = {
    url: '',
    noService: new Set(),
    hangTo: new Map(),
    emissions: [],
    dropAnswer: new Set(),
    slow: new Map(),
    calls: [],
    close: async () => {},
  };
  const ready = (e: Emission) =>
    Date.now() - e.createdAt >= (state.slow.get(e.contenido) ?? emitAfterMs);

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://starken.local');
      const raw = await readBody(req);
      if (url.pathname.startsWith('/__debug/')) return debug(url, res);
      state.calls.push(`${req.method} ${url.pathname}`);
      if (req.headers.authorization !== `Bearer ${STARKEN_TOKEN}`)
        return sendJson(res, 401, { status: 401, error: 'Unauthorized' });
      let body: Record<string, unknown> = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return sendJson(res, 400, { status: 400, error: 'JSON inválido' });
        }
      }
      const path = url.pathname;
      if (req.method === 'GET' && path === '/agency/comuna') return sendJson(res, 200, comunas);
      const one = /^\/agency\/comuna\/(\d+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const comuna = comunas.find((c) => c.id === Number(one[1]));
        if (!comuna) return sendJson(res, 404, { status: 404, error: 'Comuna no encontrada' });
        return sendJson(res, 200, {
          ...comuna,
          agencies: agencies.filter((a) => a.comuna === comuna.id),
        });
      }
      if (req.method === 'GET' && path === '/emision/tipo-entrega/')
        return sendJson(res, 200, DELIVERY);
      if (req.method === 'GET' && path === '/emision/tipo-servicio/')
        return sendJson(res, 200, SERVICES);
      if (req.method === 'POST' && path === '/quote/cotizador-multiple') return quote(body, res);
      if (req.method === 'POST' && path === '/emision/emision') return emit(body, res);
      const consulta = /^\/emision\/consulta\/(\d+)$/.exec(path);
      if (req.method === 'GET' && consulta) {
        const e = state.emissions.find((x) => x.id === Number(consulta[1]));
        if (!e) return sendJson(res, 404, { status: 404, error: 'Emisión no encontrada' });
        return sendJson(res, 200, view(e));
      }
      const tracking = /^\/tracking\/orden-flete\/of\/(\d+)$/.exec(path);
      if (req.method === 'GET' && tracking) {
        const e = state.emissions.find((x) => ready(x) && x.of === Number(tracking[1]));
        if (!e) return sendJson(res, 404, { status: 404, error: 'Orden de flete no encontrada' });
        return sendJson(res, 200, {
          orden_flete: e.of,
          status: e.status,
          history: [{ status: e.status, note: '', created_at: new Date().toISOString() }],
        });
      }
      const label = /^\/etiquetas\/(\d+)\.pdf$/.exec(path);
      if (req.method === 'GET' && label) return sendLabel(Number(label[1]), res);
      return sendJson(res, 404, { status: 404, error: 'Not Found' });
    })();
  });

  async function quote(body: Record<string, unknown>, res: http.ServerResponse) {
    const from = comunas.filter((c) => c.city.code_dls === Number(body.origen));
    const to = comunas.filter((c) => c.city.code_dls === Number(body.destino));
    const kilos = Number(body.kilos);
    if (!from.length || !to.length || !(kilos > 0) || body.bulto !== 'BULTO')
      return sendJson(res, 400, { status: 400, error: 'Parámetros de cotización inválidos' });
    const delay = Math.max(0, ...to.map((c) => state.hangTo.get(c.name) ?? 0));
    if (delay) await new Promise((r) => setTimeout(r, delay));
    if (to.some((c) => state.noService.has(c.name)))
      return sendJson(res, 404, { status: 404, error: 'No existen tarifas para el destino' });
    const side = (k: string) => Number(body[k]) || 1;
    const chargeable = Math.max(kilos, (side('largo') * side('ancho') * side('alto')) / 4000);
    const far = Math.abs(Number(body.origen) - Number(body.destino)) > 21;
    const alternativas = SERVICES.flatMap((s) =>
      DELIVERY.flatMap((d) =>
        [2, 3].map((pago) => ({
          servicio: s.nombre,
          entrega: d.nombre,
          codigo_tipo_pago: pago,
          dias: (far ? 4 : 2) - s.codigo_dls,
          precio:
            Math.round(
              (3490 +
                850 * Math.ceil(chargeable) +
                (far ? 2200 : 0) +
                s.codigo_dls * 1800 +
                (d.codigo_dls === 2 ? 900 : 0)) /
                10,
            ) * 10,
        })),
      ),
    );
    return sendJson(res, 201, { alternativas });
  }

  function emit(body: Record<string, unknown>, res: http.ServerResponse) {
    const missing = [
      'codigo_agencia_origen',
      'destinatario_nombres',
      'destinatario_direccion',
      'destinatario_codigo_comuna',
      'contenido',
    ].filter((k) => !body[k]);
    const kind = (k: string) => (body[k] as { codigo_dls?: unknown } | undefined)?.codigo_dls;
    const encargos = Array.isArray(body.encargos)
      ? (body.encargos as Record<string, unknown>[])
      : [];
    if (missing.length)
      return sendJson(res, 400, { status: 400, error: `Faltan campos: ${missing.join(', ')}` });
    if (!agencies.some((a) => a.code_dls === String(body.codigo_agencia_origen)))
      return sendJson(res, 400, { status: 400, error: 'Agencia de origen no válida' });
    if (!byDls.has(Number(body.destinatario_codigo_comuna)))
      return sendJson(res, 400, { status: 400, error: 'Comuna de destino no válida' });
    if (
      !DELIVERY.some((d) => d.codigo_dls === kind('tipo_entrega')) ||
      !SERVICES.some((s) => s.codigo_dls === kind('tipo_servicio')) ||
      ![2, 3].includes(Number(kind('tipo_pago')))
    )
      return sendJson(res, 400, {
        status: 400,
        error: 'Tipo de entrega, pago o servicio no válido',
      });
    if (!encargos.length || encargos.some((e) => !(Number(e.kilos) > 0)))
      return sendJson(res, 400, { status: 400, error: 'Encargos no válidos' });
    const n = state.emissions.length;
    const e: Emission = {
      id: 880_000 + n,
      of: 960_000_000 + n * 13,
      contenido: String(body.contenido),
      createdAt: Date.now(),
      status: 'EMITIDA',
      body,
    };
    state.emissions.push(e);
    if (state.dropAnswer.delete(e.contenido)) return res.socket?.destroy();
    return sendJson(res, 201, { ...body, ...view(e) });
  }

  function view(e: Emission) {
    const done = ready(e);
    return {
      id: e.id,
      contenido: e.contenido,
      orden_flete: done ? e.of : 0,
      estado: done ? 'EMITIDA' : 'EN PROCESO',
      etiqueta: done ? `${state.url}/etiquetas/${e.of}.pdf` : null,
      kilos_total: (e.body.encargos as { kilos: number }[])[0]?.kilos ?? 0,
    };
  }

  async function sendLabel(of: number, res: http.ServerResponse) {
    const e = state.emissions.find((x) => ready(x) && x.of === of);
    if (!e) return sendJson(res, 404, { status: 404, error: 'Etiqueta no encontrada' });
    const doc = await PDFDocument.create();
    const page = doc.addPage([288, 432]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText(`STARKEN OF ${e.of} ${e.contenido}`, { x: 24, y: 400, size: 12, font });
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    res.end(Buffer.from(await doc.save()));
  }

  /**
   * `/__debug/move/{OF}?status=ENTREGADO`: the parcel moves (the app learns it by polling);
   * `/__debug/no-service?comuna=NAME`, `/__debug/hang?comuna=NAME&ms=…`;
   * `/__debug/drop-answer?contenido=…`: that order's next emission is made, its answer lost;
   * `/__debug/slow?contenido=…&ms=…`: that order's emission takes this long to get its OF;
   * `/__debug/emissions?contenido=…`: what was emitted under an order's number.
   */
  function debug(url: URL, res: http.ServerResponse) {
    const comuna = url.searchParams.get('comuna');
    if (url.pathname === '/__debug/no-service' && comuna) {
      state.noService.add(comuna);
      return sendJson(res, 200, {});
    }
    const drop = url.searchParams.get('contenido');
    if (url.pathname === '/__debug/drop-answer' && drop) {
      state.dropAnswer.add(drop);
      return sendJson(res, 200, {});
    }
    if (url.pathname === '/__debug/slow' && drop) {
      state.slow.set(drop, Number(url.searchParams.get('ms') ?? 60_000));
      return sendJson(res, 200, {});
    }
    if (url.pathname === '/__debug/hang' && comuna) {
      state.hangTo.set(comuna, Number(url.searchParams.get('ms') ?? 10_000));
      return sendJson(res, 200, {});
    }
    if (url.pathname === '/__debug/emissions')
      return sendJson(
        res,
        200,
        state.emissions
          .filter((e) => e.contenido === url.searchParams.get('contenido'))
          .map((e) => ({ id: e.id, of: e.of, body: e.body })),
      );
    const move = /^\/__debug\/move\/(\d+)$/.exec(url.pathname);
    const e = move && state.emissions.find((x) => x.of === Number(move[1]));
    if (e) {
      e.status = url.searchParams.get('status') ?? 'EN TRANSITO';
      return sendJson(res, 200, view(e));
    }
    return sendJson(res, 404, {});
  }

  const listening = await listenLocal(server, options.port ?? 0);
  state.url = listening.url;
  state.close = () => listening.close();
  return state;
}
