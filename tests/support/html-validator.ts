/** The W3C's Nu Html Checker (npm `vnu-jar`) run with the system's Java, on several pages at once. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import vnu from 'vnu-jar';

export interface HtmlProblem {
  page: string;
  type: string;
  message: string;
  line?: number;
  extract?: string;
}

/** Every error the checker finds in `pages` (name → HTML); warnings and info are left out. */
export async function htmlErrors(pages: Record<string, string>): Promise<HtmlProblem[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-vnu-'));
  const files = Object.entries(pages).map(([name, html]) => {
    const file = path.join(dir, `${name.replace(/[^a-z0-9-]/gi, '_')}.html`);
    fs.writeFileSync(file, html);
    return { name, file };
  });
  // vnu exits 1 when it finds errors; the JSON report is on stderr either way.
  const result = await promisify(execFile)(
    'java',
    [
      '-Xss4m',
      '-jar',
      String(vnu),
      '--format',
      'json',
      '--errors-only',
      ...files.map((f) => f.file),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stderr?: string; stdout?: string }) => ({
    stderr: error.stderr ?? '',
    stdout: error.stdout ?? '',
  }));
  fs.rmSync(dir, { recursive: true, force: true });
  const report = JSON.parse(result.stderr || '{"messages":[]}') as {
    messages: { url: string; type: string; message: string; lastLine?: number; extract?: string }[];
  };
  const nameOf = new Map(files.map((f) => [`file:${f.file}`, f.name]));
  return report.messages
    .filter((m) => m.type === 'error')
    .map((m) => ({
      page: nameOf.get(m.url) ?? m.url,
      type: m.type,
      message: m.message,
      line: m.lastLine,
      extract: m.extract,
    }));
}
