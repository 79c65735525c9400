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
