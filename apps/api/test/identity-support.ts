import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** Messages the default mail transport wrote for `to`, oldest first. */
export function readOutbox(dataDir: string, to: string): OutboxMessage[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMessage)
    .filter((m) => m.to === to);
}

export function firstLink(text: string): URL {
  const m = text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in: ${text}`);
  return new URL(m[0]);
}

/** Same-origin browser-like headers for Better Auth calls. */
export const sameOrigin = (app: FastifyInstance, extra: Record<string, string> = {}) => ({ origin: app.config.publicUrl, ...extra });

export function tokenPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Asks for a password reset for `email` and opens the link of the e-mail, as its owner would: the token the reset page gets. */
export async function resetToken(t: { app: FastifyInstance; dataDir: string }, email: string): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: sameOrigin(t.app),
    payload: { email, redirectTo: '/reset-password' },
  });
  const mail = readOutbox(t.dataDir, email).findLast((m) => /reset/i.test(m.subject));
  if (!mail) throw new Error(`no reset e-mail for ${email}`);
  const link = firstLink(mail.text);
  const open = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  return new URL(open.headers.location as string, t.app.config.publicUrl).searchParams.get('token')!;
}

/** Sets a new password with a token from resetToken, as the reset page does. */
export const resetPassword = (t: { app: FastifyInstance }, token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: sameOrigin(t.app), payload: { token, newPassword } });
