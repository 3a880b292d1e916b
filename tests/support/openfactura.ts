/**
 * A local server that speaks OpenFactura's API as its reference describes it
 * (docs/decisions/2026-11-27-openfactura.md): the `apikey` header names a taxpayer (401 `{statusCode, message}` when
 * unknown, 403 on emission); 3 requests a second and 100 a minute per key, then 429;
 * `POST /v2/dte/document` checks the document (Folio 0, the Emisor is the key's taxpayer, lines
 * minus global discounts equal MntTotal, MntNeto + IVA = MntTotal, names ≤ 80) and answers
 * `{TOKEN, FOLIO, PDF}` with folios from a counter per taxpayer and type; a repeated
 * `Idempotency-Key` answers 400 `OF-06` with the first document's token;
 * `GET /v2/dte/document/{token}/{json|pdf}` and `GET /v2/dte/organization` read back.
 * Tests register taxpayers and read what was emitted at `/__debug/…`, and can take it down.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Taxpayer {
  apikey: string;
  rut: string;
  razonSocial: string;
  glosaDescriptiva: string;
  direccion: string;
  comuna: string;
  cdgSIISucur: string;
}

interface Emitted {
  token: string;
  folio: number;
  apikey: string;
  key: string | null;
  dte: Record<string, any>;
}

export interface TestOpenFactura {
  url: string;
  /** A new taxpayer with a key of its own (isolated folios and rate limits). */
  taxpayer(name?: string, rut?: string): Promise<Taxpayer>;
  /** Knows `taxpayer` (again, after a restart). */
  register(taxpayer: Taxpayer): Promise<Taxpayer>;
  /** What was emitted with `apikey`, oldest first (forgotten at a restart). */
  documents(apikey: string): Promise<Emitted[]>;
  /** While on, `apikey`'s documents are emitted but their answers never reach the client. */
  loseAnswers(apikey: string, lose: boolean): Promise<void>;
  close(): Promise<void>;
}

/** A one-page PDF that names the document: enough for a browser to open and a test to read. */
function pdfOf(type: number, folio: number): Buffer {
  const text = `Documento ${type} folio ${folio}`;
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const send = (res: http.ServerResponse, status: number, data: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(data));
};

const refuse = (res: http.ServerResponse, code: string, message: string, details: object[] = []) =>
  send(res, 400, { error: { message, code, details } });

/**
 * Why a document does not add up, as `OF-10` details; empty when it does. Boletas (39, 41) and
 * documents with `MntBruto: 1` state their lines with IVA included (lines minus global discounts =
 * MntTotal); the others state them net (lines minus discounts = MntNeto, plus IVA and MntExe =
 * MntTotal).
 */
function checkTotals(dte: Record<string, any>): { field: string; issue: string }[] {
  const type = Number(dte.Encabezado?.IdDoc?.TipoDTE);
  const totals = dte.Encabezado?.Totales ?? {};
  const lines = (dte.Detalle ?? []) as {
    MontoItem: number;
    QtyItem: number;
    PrcItem: number;
    IndExe?: number;
  }[];
  const discounts = ((dte.DscRcgGlobal ?? []) as { TpoMov: string; ValorDR: number }[]).reduce(
    (sum, d) => sum + (d.TpoMov === 'D' ? d.ValorDR : -d.ValorDR),
    0,
  );
  const issues: { field: string; issue: string }[] = [];
  for (const l of lines)
    if (Math.round(l.QtyItem * l.PrcItem) !== l.MontoItem)
      issues.push({ field: 'MontoItem', issue: `Monto erróneo : ${l.MontoItem}` });
  const sum = lines.reduce((s, l) => s + l.MontoItem, 0) - discounts;
  // Boletas, and facturas that say `MntBruto: 1`, state their lines with IVA included.
  const boleta = type === 39 || type === 41 || Number(dte.Encabezado?.IdDoc?.MntBruto) === 1;
  if (boleta ? sum !== totals.MntTotal : sum !== (totals.MntNeto ?? 0) + (totals.MntExe ?? 0))
    issues.push({ field: boleta ? 'MntTotal' : 'MntNeto', issue: `Monto erróneo : ${sum}` });
  if ((totals.MntNeto ?? 0) + (totals.IVA ?? 0) + (totals.MntExe ?? 0) !== totals.MntTotal)
    issues.push({ field: 'IVA', issue: `Monto erróneo : ${totals.IVA}` });
  if (totals.MntNeto !== undefined && Math.abs(Math.round(totals.MntNeto * 0.19) - totals.IVA) > 1)
    issues.push({ field: 'IVA', issue: `Monto erróneo : ${totals.IVA}` });
  // Exempt lines (all of an exenta's, else those with IndExe 1) less exempt discounts = MntExe.
  const exenta = type === 41 || type === 34;
  const exempt =
    lines.reduce((s, l) => s + (exenta || l.IndExe === 1 ? l.MontoItem : 0), 0) -
    ((dte.DscRcgGlobal ?? []) as { ValorDR: number; IndExeDR?: number }[]).reduce(
      (s, d) => s + (exenta || d.IndExeDR === 1 ? d.ValorDR : 0),
      0,
    );
  if (exempt !== (totals.MntExe ?? 0))
    issues.push({ field: 'MntExe', issue: `Monto erróneo : ${totals.MntExe}` });
  if (exenta && (totals.MntNeto || totals.IVA))
    issues.push({ field: 'MntNeto', issue: 'Documento exento con monto afecto' });
  return issues;
}

export async function startOpenFactura(port = 0): Promise<TestOpenFactura> {
  const taxpayers = new Map<string, Taxpayer>();
  const emitted: Emitted[] = [];
  const byKey = new Map<string, Emitted>();
  const folios = new Map<string, number>();
  const losing = new Set<string>();
  const hits = new Map<string, number[]>();

  /** 3 a second and 100 a minute per key, as OpenFactura's gateway counts. */
  function limited(apikey: string): boolean {
    const now = Date.now();
    const recent = (hits.get(apikey) ?? []).filter((t) => now - t < 60_000);
    recent.push(now);
    hits.set(apikey, recent);
    return recent.filter((t) => now - t < 1000).length > 3 || recent.length > 100;
  }

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');

    if (url.pathname === '/__debug/taxpayers' && req.method === 'POST') {
      const t = JSON.parse(raw) as Taxpayer;
      taxpayers.set(t.apikey, t);
      return send(res, 201, t);
    }
    // Answers lost on the way back (slower than the client's timeout): emitted all the same.
    if (url.pathname === '/__debug/lose-answers' && req.method === 'POST') {
      const { apikey, lose } = JSON.parse(raw) as { apikey: string; lose: boolean };
      if (lose) losing.add(apikey);
      else losing.delete(apikey);
      return send(res, 200, { losing: [...losing] });
    }
    if (url.pathname === '/__debug/documents') {
      const apikey = url.searchParams.get('apikey');
      return send(
        res,
        200,
        emitted.filter((d) => d.apikey === apikey),
      );
    }

    const apikey = String(req.headers.apikey ?? '');
    const taxpayer = taxpayers.get(apikey);
    if (limited(apikey))
      return send(res, 429, {
        statusCode: 429,
        message: 'Rate limit is exceeded. Try again in 1 seconds.',
      });

    if (url.pathname === '/v2/dte/organization' && req.method === 'GET') {
      if (!taxpayer)
        return send(res, 401, {
          statusCode: 401,
          message:
            'Access denied due to invalid subscription key. ' +
            'Make sure to provide a valid key for an active subscription.',
        });
      const { apikey: _, ...org } = taxpayer;
      return send(res, 200, {
        ...org,
        actividades: [
          { actividadEconomica: org.glosaDescriptiva, codigoActividadEconomica: 479100 },
        ],
        sucursales: [],
      });
    }

    const read = /^\/v2\/dte\/document\/([^/]+)\/(json|pdf|status)$/.exec(url.pathname);
    if (read && req.method === 'GET') {
      if (!taxpayer) return send(res, 403, { message: 'Invalid authentication credentials' });
      const doc = emitted.find((d) => d.token === read[1] && d.apikey === apikey);
      if (!doc) return refuse(res, 'OF-20', 'Datos de entrada incorrectos');
      const withFolio = structuredClone(doc.dte);
      withFolio.Encabezado.IdDoc.Folio = doc.folio;
      if (read[2] === 'json') return send(res, 200, { json: withFolio });
      if (read[2] === 'status') return send(res, 200, { estado: 'Aceptado', token: doc.token });
      return send(res, 200, {
        pdf: pdfOf(doc.dte.Encabezado.IdDoc.TipoDTE, doc.folio).toString('base64'),
      });
    }

    if (url.pathname === '/v2/dte/document' && req.method === 'POST') {
      if (!taxpayer) return send(res, 403, { message: 'Invalid authentication credentials' });
      let body: { response?: string[]; dte?: Record<string, any> };
      try {
        body = JSON.parse(raw);
      } catch {
        return refuse(res, 'OF-08', 'Validación de Esquema');
      }
      const dte = body.dte;
      const idDoc = dte?.Encabezado?.IdDoc;
      const emisor = dte?.Encabezado?.Emisor;
      if (!idDoc || !emisor || !dte?.Encabezado?.Totales || !Array.isArray(dte.Detalle))
        return refuse(res, 'OF-02', 'Faltan campos obligatorios en el dte');
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const first = key ? byKey.get(`${apikey}:${key}`) : undefined;
      if (first && losing.has(apikey)) return void res.destroy();
      if (first)
        return send(res, 400, {
          error: {
            message: 'Este DTE ya fue emitido (Idempotency-Key)',
            code: 'OF-06',
            token: first.token,
          },
        });
      const type = Number(idDoc.TipoDTE);
      if (![33, 34, 39, 41, 56, 61].includes(type))
        return refuse(res, 'OF-05', 'Tipo DTE no soportado');
      if (idDoc.Folio !== 0) return refuse(res, 'OF-07', 'Validación de Folios');
      const boleta = type === 39 || type === 41;
      const name = boleta ? emisor.RznSocEmisor : emisor.RznSoc;
      const receptor = dte.Encabezado.Receptor ?? {};
      if (type === 33) {
        const missing = ['RUTRecep', 'RznSocRecep', 'GiroRecep', 'DirRecep', 'CmnaRecep'].find(
          (f) => !receptor[f],
        );
        if (missing)
          return refuse(res, 'OF-02', 'Faltan campos obligatorios en el dte', [
            { field: missing, issue: 'Requerido' },
          ]);
      }
      if (!boleta && (!emisor.GiroEmis || !emisor.Acteco))
        return refuse(res, 'OF-02', 'Faltan campos obligatorios en el dte', [
          { field: emisor.GiroEmis ? 'Acteco' : 'GiroEmis', issue: 'Requerido' },
        ]);
      if (emisor.RUTEmisor !== taxpayer.rut || !name)
        return refuse(res, 'OF-03', 'Validación de Permisos', [
          { field: 'RUTEmisor', issue: 'No corresponde a la API key' },
        ]);
      const long = (dte.Detalle as { NmbItem: string }[]).find(
        (l) => !l.NmbItem || l.NmbItem.length > 80,
      );
      if (long)
        return refuse(res, 'OF-10', 'Validación de Campos', [
          { field: 'NmbItem', issue: 'Largo máximo 80' },
        ]);
      const issues = checkTotals(dte);
      if (issues.length) return refuse(res, 'OF-10', 'Validación de Campos', issues);
      if ((type === 61 || type === 56) && !dte.Referencia?.length)
        return refuse(res, 'OF-09', 'Validación de Relaciones', [
          { field: 'Referencia', issue: 'Requerido' },
        ]);
      const counter = `${apikey}:${type}`;
      const folio = (folios.get(counter) ?? 0) + 1;
      folios.set(counter, folio);
      const doc: Emitted = { token: randomBytes(32).toString('hex'), folio, apikey, key, dte };
      emitted.push(doc);
      if (key) byKey.set(`${apikey}:${key}`, doc);
      if (losing.has(apikey)) return void res.destroy();
      const wants = new Set(body.response ?? []);
      return send(res, 200, {
        TOKEN: doc.token,
        ...(wants.has('FOLIO') && { FOLIO: folio }),
        ...(wants.has('PDF') && { PDF: pdfOf(type, folio).toString('base64') }),
      });
    }
    send(res, 404, { message: 'Resource not found' });
  }
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    ...openFacturaAt(url),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The debug side of an OpenFactura already running at `url` (the shared one: `inject('openfacturaUrl')`). */
export function openFacturaAt(
  url: string,
): Pick<TestOpenFactura, 'taxpayer' | 'register' | 'documents' | 'loseAnswers'> {
  const register = async (t: Taxpayer) => {
    await fetch(`${url}/__debug/taxpayers`, { method: 'POST', body: JSON.stringify(t) });
    return t;
  };
  return {
    register,
    async taxpayer(name = 'Greda del Sur SpA', rut = '76123456-0') {
      const t: Taxpayer = {
        apikey: randomBytes(16).toString('hex'),
        rut,
        razonSocial: name,
        glosaDescriptiva: 'VENTA AL POR MENOR POR CORREO, POR INTERNET Y VIA TELEFONICA',
        direccion: 'Av. Italia 1234',
        comuna: 'Ñuñoa',
        cdgSIISucur: '81303347',
      };
      return register(t);
    },
    async loseAnswers(apikey, lose) {
      await fetch(`${url}/__debug/lose-answers`, {
        method: 'POST',
        body: JSON.stringify({ apikey, lose }),
      });
    },
    async documents(apikey) {
      return (await fetch(`${url}/__debug/documents?apikey=${apikey}`)).json() as Promise<
        Emitted[]
      >;
    },
  };
}
