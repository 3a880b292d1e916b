/**
 * Starts, for a whole test project: a real SMTP server, a local OpenID provider, and one
 * built app server per database engine (PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set). Tests read them with `inject(...)`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDns } from './dns';
import { startOidc } from './oidc';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './postgres';
import {
  freePort,
  ROOT,
  startServer,
  tempDir,
  TEST_SECRETS_KEY,
  type RunningServer,
} from './server';
import { startSmtp } from './smtp';
import { startOpenFactura } from './openfactura';
import { startFlow } from './flow';
import { startShipit } from './shipit';
import { startStarken } from './starken';
import { startChilexpress } from './chilexpress';
import {
  MERCADOLIBRE_CLIENT_ID,
  MERCADOLIBRE_CLIENT_SECRET,
  startMercadoLibre,
} from './mercadolibre';
import { startMercadoPago } from './mercadopago';
import { startWebpay } from './webpay';

export interface ServerInfo {
  kind: 'pglite' | 'postgres';
  url: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: ServerInfo[];
    mailDir: string;
    /** The local DNS server's zone folder (`setTxt` writes records there). */
    dnsZone: string;
    /** The local Webpay Plus server (REST API and payment form). */
    webpayUrl: string;
    /** The local OpenFactura (electronic tax documents). */
    openfacturaUrl: string;
    /** The local Flow and Mercado Pago (payment providers with their own pages). */
    flowUrl: string;
    mercadopagoUrl: string;
    /** The local Shipit (couriers' quotes, shipments and labels). */
    shipitUrl: string;
    /** The local Starken (quotes, emissions, labels, tracking by polling). */
    starkenUrl: string;
    /** The local Chilexpress (quotes only). */
    chilexpressUrl: string;
    mercadolibreUrl: string;
    /** A staff account on every server, made by `npm run staff:add` before it started. */
    staff: typeof STAFF;
  }
}

/** The back office's account in the tests. */
export const STAFF = {
  email: 'equipo@impulsa.test',
  password: 'clave-del-equipo-2026',
  name: 'Rosa Equipo',
};

/** Runs `scripts/staff-add.mjs` against a server's database before the server opens it. */
function addStaffAccount(env: Record<string, string>): void {
  const result = spawnSync(
    process.execPath,
    ['scripts/staff-add.mjs', STAFF.email, '--name', STAFF.name, '--password', STAFF.password],
    { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`staff:add failed: ${result.stderr || result.stdout}`);
}

export default async function setup(project: TestProject) {
  const running: RunningServer[] = [];
  let database: TestDatabase | undefined;
  const kinds: ServerInfo['kind'][] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  // The peers that listen on any port first: a port picked for an app server stays free until it starts.
  const mailDir = path.join(tempDir('impulsa-mail-'), 'inbox');
  const smtp = await startSmtp(mailDir);
  const dnsZone = tempDir('impulsa-dns-');
  const dns = await startDns(dnsZone);
  const webpay = await startWebpay();
  const openfactura = await startOpenFactura();
  const flow = await startFlow();
  const mercadopago = await startMercadoPago();
  const shipit = await startShipit();
  const starken = await startStarken();
  const chilexpress = await startChilexpress();
  const mercadolibre = await startMercadoLibre();

  const ports = await Promise.all(kinds.map(() => freePort()));
  const origins = ports.map((p) => `http://127.0.0.1:${p}`);
  const oidc = await startOidc(
    await freePort(),
    origins.map((o) => `${o}/auth/google`),
  );

  const common = {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Impulsa <no-responder@impulsa.test>',
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    OIDC_ISSUER: oidc.issuer,
    // Tests set X-Forwarded-For to give each scenario its own rate-limit bucket.
    TRUST_PROXY: '1',
    DNS_SERVERS: dns.server,
    EDGE_CNAME: 'sites.impulsa.test',
    EDGE_IPV4: '192.0.2.10',
    WEBPAY_API_URL: webpay.url,
    OPENFACTURA_API_URL: openfactura.url,
    FLOW_API_URL: flow.url,
    MERCADOPAGO_API_URL: mercadopago.url,
    SHIPIT_API_URL: shipit.url,
    STARKEN_API_URL: starken.url,
    CHILEXPRESS_API_URL: chilexpress.url,
    MERCADOLIBRE_CLIENT_ID,
    MERCADOLIBRE_CLIENT_SECRET,
    MERCADOLIBRE_AUTH_URL: mercadolibre.url,
    MERCADOLIBRE_API_URL: mercadolibre.url,
    // The local Shipit makes labels in 300 ms, not 20 s.
    SHIPMENT_POLL_MS: '300',
    // Every instance of a deployment seals store secrets under the same key.
    SECRETS_KEY: TEST_SECRETS_KEY,
  };

  const servers: ServerInfo[] = [];
  for (const [i, kind] of kinds.entries()) {
    const env: Record<string, string> = {
      ...common,
      PORT: String(ports[i]),
      SITE_URL: origins[i]!,
    };
    if (kind === 'postgres') {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url;
    } else env.DATA_DIR = tempDir();
    addStaffAccount(env);
    const server = await startServer(env);
    running.push(server);
    servers.push({ kind, url: server.url });
  }

  project.provide('servers', servers);
  project.provide('mailDir', mailDir);
  project.provide('dnsZone', dnsZone);
  project.provide('webpayUrl', webpay.url);
  project.provide('openfacturaUrl', openfactura.url);
  project.provide('flowUrl', flow.url);
  project.provide('mercadopagoUrl', mercadopago.url);
  project.provide('shipitUrl', shipit.url);
  project.provide('starkenUrl', starken.url);
  project.provide('chilexpressUrl', chilexpress.url);
  project.provide('mercadolibreUrl', mercadolibre.url);
  project.provide('staff', STAFF);

  return async () => {
    await Promise.all(running.map((s) => s.stop()));
    // Keep what each server printed, for diagnosing failures.
    const logDir = path.join(ROOT, 'test-results');
    fs.mkdirSync(logDir, { recursive: true });
    running.forEach((s, i) =>
      fs.writeFileSync(path.join(logDir, `${project.name}-server-${kinds[i]}.log`), s.output()),
    );
    await database?.drop();
    await smtp.close();
    await oidc.close();
    await dns.close();
    await webpay.close();
    await openfactura.close();
    await flow.close();
    await mercadopago.close();
    await shipit.close();
    await starken.close();
    await chilexpress.close();
    await mercadolibre.close();
  };
}
