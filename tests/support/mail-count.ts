/** How many mails to one address in the local SMTP's inbox say something. */
import fs from 'node:fs';
import path from 'node:path';
import { decodedMail } from './smtp';

export const mailsWith = (mailDir: string, to: string, text: string) =>
  fs.existsSync(mailDir)
    ? fs
        .readdirSync(mailDir)
        .filter((f) => f.endsWith(`-${to}.eml`))
        .filter((f) => decodedMail(fs.readFileSync(path.join(mailDir, f), 'utf8')).includes(text))
        .length
    : 0;
