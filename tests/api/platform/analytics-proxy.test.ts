/** /ingest/ph forwards to POSTHOG_HOST (a local server standing in for PostHog's cloud). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server';

let fake: http.Server;
let app: RunningServer;
let appWithout: RunningServer;
const received: { method: string; url: string; body: string; type?: string }[] = [];

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        body,
        type: req.headers['content-type'],
      });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ status: 1 }));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const host = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  [app, appWithout] = await Promise.all([
    startServer({ PUBLIC_POSTHOG_KEY: 'phc_test', POSTHOG_HOST: host }),
    startServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.stop(), appWithout?.stop()]);
  await new Promise<void>((r) => fake.close(() => r()));
});

describe('analytics proxy', () => {
  it('forwards an event batch with its path, query and body, and renders the key into pages', async () => {
    const res = await fetch(`${app.url}/ingest/ph/e/?ip=1&_=123`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'https://sitio-ajeno.example',
        // Only a person who accepted analytics is forwarded (tests/api/accounts/analytics-consent.test.ts).
        Cookie: 'impulsa_consent=si',
      },
      body: JSON.stringify({ api_key: 'phc_test', event: '$pageview' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 1 });
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/e/?ip=1&_=123',
      type: 'application/json',
    });
    expect(JSON.parse(received.at(-1)!.body)).toEqual({ api_key: 'phc_test', event: '$pageview' });
    const landing = await fetch(`${app.url}/landing`, {
      headers: { Cookie: 'impulsa_consent=si' },
    });
    expect(await landing.text()).toContain('<meta name="impulsa:posthog-key" content="phc_test">');
  });

  it('is off, and no key is rendered, when analytics is not configured', async () => {
    expect(
      (await fetch(`${appWithout.url}/ingest/ph/e/`, { method: 'POST', body: '{}' })).status,
    ).toBe(404);
    expect(await (await fetch(`${appWithout.url}/landing`)).text()).not.toContain('posthog');
  });
});
