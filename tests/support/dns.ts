/**
 * A real DNS server on 127.0.0.1 (dns2, UDP) for the custom-domain checks: the app under test
 * asks it through `DNS_SERVERS`. Its zone is a folder: the file named after a host holds that
 * host's TXT records as JSON (`[["chunk", "chunk"], …]`, one array per record); no file is
 * NXDOMAIN. Tests write records with `setTxt`, so they need no channel into this process.
 */
import fs from 'node:fs';
import path from 'node:path';
import dns2 from 'dns2';

const { Packet } = dns2;

export interface LocalDns {
  /** `host:port`, as DNS_SERVERS takes it. */
  server: string;
  close(): Promise<void>;
}

export async function startDns(zoneDir: string): Promise<LocalDns> {
  fs.mkdirSync(zoneDir, { recursive: true });
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase();
      const file = path.join(zoneDir, name);
      if (!question || name.includes('/') || !fs.existsSync(file)) {
        response.header.rcode = 3; // NXDOMAIN
      } else if (question.type === Packet.TYPE.TXT) {
        const records = JSON.parse(fs.readFileSync(file, 'utf8')) as string[][];
        for (const chunks of records)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data: chunks,
          } as never);
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { server: `127.0.0.1:${addresses.udp!.port}`, close: () => server.close() };
}

/** Publishes `records` (each a list of chunks) as the TXT records of `name`; null removes the name. */
export function setTxt(zoneDir: string, name: string, records: string[][] | null): void {
  const file = path.join(zoneDir, name.toLowerCase());
  if (records === null) fs.rmSync(file, { force: true });
  else fs.writeFileSync(file, JSON.stringify(records));
}
