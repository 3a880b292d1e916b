/**
 * A local server that speaks Chilexpress's public APIs (api.developers.chilexpress.cl), written
 * from their documentation and public clients: each product has its own subscription key in
 * `Ocp-Apim-Subscription-Key` (401 with Azure API Management's message otherwise);
 * Coberturas lists `regions` (`regionId`, `ineRegionCode`) and per region `coverageAreas`
 * (`countyCode`, `countyName`, `ineCountyCode`); Cotizador answers `{data: {courierServiceOptions}}`
 * with `statusCode` 0, or a `statusCode` other than 0 and its `statusDescription` when nothing
 * covers the destination.
 */
import http from 'node:http';
import { REGIONS } from '@/lib/chile/regions';
import { courierComunas } from './courier-comunas';
import { listenLocal, readBody, sendJson } from './local-http';

export const CHILEXPRESS_RATING_KEY = 'cx-rating-2f8e1d0b7a6c';
export const CHILEXPRESS_COVERAGE_KEY = 'cx-coverage-91c3e5a7d2f4';

export interface TestChilexpress {
  url: string;
  /** Comunas (Chilexpress's names) without coverage. */
  noService: Set<string>;
  hangTo: Map<string, number>;
  calls: string[];
  close(): Promise<void>;
}

const DENIED = {
  statusCode: 401,
  message:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
};

export async function startChilexpress(options: { port?: number } = {}): Promise<TestChilexpress> {
  const regionId = (code: string) => (code === '13' ? 'RM' : `R${Number(code)}`);
  const areas = courierComunas()
    .filter((c) => c.code)
    .map((c, i) => ({
      // Four letters of its own, as Chilexpress's are (STGO, LCON…): never the official code.
      countyCode: c.code === '13101' ? 'STGO' : `C${String(i).padStart(3, '0')}`,
      countyName: c.name,
      regionCode: regionId(c.region),
      ineCountyCode: Number(c.code),
      queryMode: 1,
      coverageName: c.name,
    }));
  const state: TestChilexpress = {
    url: '',
    noService: new Set(),
    hangTo: new Map(),
    calls: [],
    close: async () => {},
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://chilexpress.local');
      const raw = await readBody(req);
      const comuna = url.searchParams.get('comuna');
      if (url.pathname === '/__debug/no-service' && comuna) {
        state.noService.add(comuna);
        return sendJson(res, 200, {});
      }
      if (url.pathname === '/__debug/hang' && comuna) {
        state.hangTo.set(comuna, Number(url.searchParams.get('ms') ?? 10_000));
        return sendJson(res, 200, {});
      }
      state.calls.push(`${req.method} ${url.pathname}`);
      const key = req.headers['ocp-apim-subscription-key'];
      if (url.pathname.startsWith('/georeference/api/v1.0/')) {
        if (key !== CHILEXPRESS_COVERAGE_KEY) return sendJson(res, 401, DENIED);
        if (req.method === 'GET' && url.pathname.endsWith('/regions'))
          return sendJson(res, 200, {
            regions: REGIONS.map((r) => ({
              regionId: regionId(r.code),
              regionName: r.name.toUpperCase(),
              ineRegionCode: Number(r.code),
            })),
            statusCode: 0,
            statusDescription: 'Solicitud procesada con éxito',
          });
        if (req.method === 'GET' && url.pathname.endsWith('/coverage-areas')) {
          const region = url.searchParams.get('RegionCode');
          return sendJson(res, 200, {
            coverageAreas: areas.filter((a) => a.regionCode === region),
            statusCode: 0,
            statusDescription: 'Solicitud procesada con éxito',
          });
        }
      }
      if (url.pathname === '/rating/api/v1.0/rates/courier' && req.method === 'POST') {
        if (key !== CHILEXPRESS_RATING_KEY) return sendJson(res, 401, DENIED);
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return sendJson(res, 400, { statusCode: 400, statusDescription: 'Body inválido' });
        }
        return rate(body, res);
      }
      return sendJson(res, 404, { statusCode: 404, message: 'Resource not found' });
    })();
  });

  async function rate(body: Record<string, unknown>, res: http.ServerResponse) {
    const from = areas.find((a) => a.countyCode === body.originCountyCode);
    const to = areas.find((a) => a.countyCode === body.destinationCountyCode);
    const pkg = (body.package ?? {}) as Record<string, unknown>;
    const weight = Number(pkg.weight);
    if (!from || !to || !(weight > 0) || body.productType !== 3)
      return sendJson(res, 400, {
        statusCode: -1,
        statusDescription: 'Parámetros de cotización inválidos',
      });
    const delay = state.hangTo.get(to.countyName) ?? 0;
    if (delay) await new Promise((r) => setTimeout(r, delay));
    if (state.noService.has(to.countyName))
      return sendJson(res, 200, {
        data: null,
        statusCode: 2,
        statusDescription: 'No existe cobertura para la comuna de destino',
      });
    const side = (k: string) => Number(pkg[k]) || 1;
    const chargeable = Math.max(weight, (side('length') * side('width') * side('height')) / 4000);
    const far = from.regionCode !== to.regionCode;
    const services = [
      { serviceTypeCode: 3, serviceDescription: 'PRIORITARIO', base: 4990 },
      { serviceTypeCode: 4, serviceDescription: 'EXPRESS', base: 4290 },
    ];
    return sendJson(res, 200, {
      data: {
        courierServiceOptions: services.map((s) => ({
          serviceTypeCode: s.serviceTypeCode,
          serviceDescription: s.serviceDescription,
          didUseVolumetricWeight: chargeable > weight,
          finalWeight: String(Math.ceil(chargeable)),
          serviceValue: String(
            Math.round((s.base + 1050 * Math.ceil(chargeable) + (far ? 2400 : 0)) / 10) * 10,
          ),
          conditions: '',
          deliveryType: 0,
          additionalServices: [],
        })),
      },
      statusCode: 0,
      statusDescription: 'Solicitud procesada con éxito',
      errors: null,
    });
  }

  const listening = await listenLocal(server, options.port ?? 0);
  state.url = listening.url;
  state.close = () => listening.close();
  return state;
}
