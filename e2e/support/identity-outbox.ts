import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

/** The e2e server's mail outbox (e2e/start-server.mjs: DATA_DIR = e2e/.tmp/data-<port>). */
const here = path.dirname(fileURLToPath(import.meta.url));
const outboxDir = (port = Number(process.env.E2E_PORT ?? 4173)) => path.join(here, '..', '.tmp', `data-${port}`, 'outbox');

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Every message to `to` in the outbox (of the shop on `port`, the main one unless given), oldest first. */
export function readMails(to: string, port?: number): Mail[] {
  const dir = outboxDir(port);
  if (!fs.existsSync(dir)) return [];
  // The file name ends with the address (the shop's outbox mailer), so only this address's messages are opened.
  const suffix = `-${to.replace(/[^a-z0-9@._-]/gi, '_')}.json`;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to === to);
}

/** Waits for a message to `to` whose subject matches, and returns its first link. */
export async function linkFromMail(to: string, subject: RegExp, port?: number): Promise<{ mail: Mail; link: URL }> {
  let found: Mail | undefined;
  await expect
    .poll(
      () =>
        (found = readMails(to, port)
          .filter((m) => subject.test(m.subject))
          .at(-1)) !== undefined,
      { message: `an e-mail to ${to} about ${subject}` },
    )
    .toBe(true);
  const m = found!.text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in the e-mail: ${found!.text}`);
  return { mail: found!, link: new URL(m[0]) };
}
