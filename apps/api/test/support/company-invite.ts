import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The token of the newest company invitation e-mail the outbox holds for `email` (decision 204's join link). */
export function companyInviteToken(app: FastifyInstance, email: string): string {
  const dir = app.mailer.outboxDir!;
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${email.replace(/[^a-z0-9@._-]/gi, '_')}.json`))
    .sort()
    .reverse()
    .find((f) => /\/company\/join\?token=/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
  if (!file) throw new Error(`no company invitation e-mail to ${email}`);
  const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { text: string };
  return /\/company\/join\?token=([\w-]+)/.exec(mail.text)![1];
}
