import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { NewsletterSubscriberPage } from '@shop/shared';
import { newsletterSubscribers } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { eventually } from './eventually';

/** Issue #39 (decision 186): the newsletter is double opt-in, every e-mail can unsubscribe, the admin lists the addresses. */

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

/** The newsletter e-mails the outbox holds for `to`, oldest first (whole files only). */
const mailsTo = (to: string): Mail[] => {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to === to && /newsletter/i.test(m.subject));
};
/** Waits for the `n`th newsletter e-mail to `to` (the sign-up answers before its e-mail is written). */
const nthMail = async (to: string, n: number): Promise<Mail> => {
  await eventually(async () => expect(mailsTo(to).length).toBeGreaterThanOrEqual(n));
  return mailsTo(to)[n - 1];
};
const confirmToken = (mail: Mail) => new URL(mail.text.match(/https?:\/\/\S+\/newsletter\/confirm\?\S+/)![0]).searchParams.get('token')!;
const unsubscribeToken = (mail: Mail) => new URL(mail.text.match(/Unsubscribe: (\S+)/)![1]).searchParams.get('token')!;

// Each call from its own client address, so the per-client rate limits never interfere.
let client = 0;
const from = () => {
  client += 1;
  return `10.3.${Math.floor(client / 250)}.${client % 250}`;
};
const subscribe = (email: string) => t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, remoteAddress: from() });
const confirm = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token }, remoteAddress: from() });
const unsubscribe = (token: string) => t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token }, remoteAddress: from() });
const row = async (email: string) => (await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
/** Moves the shop's clock forward by `minutes` for the rest of the file. */
let shift = 0;
const later = (minutes: number) => {
  shift += minutes * 60_000;
  t.app.clock.now = () => new Date(Date.now() + shift);
};

describe('subscribing: a pending address and a confirmation e-mail', () => {
  it('stores the address pending and e-mails a single-use confirmation link, with the unsubscribe link and the RFC 8058 headers', async () => {
    const res = await subscribe(' Rider.One@Example.com ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const stored = await row('rider.one@example.com');
    expect(stored).toMatchObject({ status: 'pending', confirmedAt: null, unsubscribedAt: null });

    const mail = await nthMail('rider.one@example.com', 1);
    expect(mail.subject).toMatch(/^Confirm your .+ newsletter subscription$/);
    // The first link confirms (the e2e tests and a person's eye take the first one).
    expect(mail.text.match(/https?:\/\/\S+/)![0]).toMatch(/^http:\/\/localhost:3999\/newsletter\/confirm\?token=[0-9a-f]{64}$/);
    const token = confirmToken(mail);
    // Only a hash of the confirmation token is stored: the database alone cannot confirm anyone.
    expect(stored.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.confirmTokenHash).not.toBe(token);

    // Every newsletter e-mail, this one too, can unsubscribe: a link in the text and the HTML, and one-click headers.
    expect(unsubscribeToken(mail)).toBe(stored.unsubscribeToken);
    expect(stored.unsubscribeToken).toMatch(/^[0-9a-f]{64}$/);
    expect(mail.html).toContain(`href="http://localhost:3999/newsletter/unsubscribe?token=${stored.unsubscribeToken}"`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3999/api/newsletter/unsubscribe?token=${stored.unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('refuses a bad address with a 400 that says what is wrong, and stores nothing', async () => {
    const bad = await subscribe('rider@');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('email: Provide a valid Email');
    expect(await row('rider@')).toBeUndefined();
  });

  it('gives every address the same answer and sends a pending one no second e-mail within the pause', async () => {
    await subscribe('twice@example.com');
    await nthMail('twice@example.com', 1);
    const again = await subscribe('TWICE@example.com');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ ok: true });
    // A confirmed address: the same answer, and no e-mail at all.
    await subscribe('rider.one@example.com');
    const [mail] = mailsTo('rider.one@example.com');
    await confirm(confirmToken(mail));
    const confirmedAgain = await subscribe('rider.one@example.com');
    expect(confirmedAgain.statusCode).toBe(201);
    expect(confirmedAgain.json()).toEqual({ ok: true });
    expect(confirmedAgain.body).toBe(again.body);
    // No new e-mail written for either (both answers are back; a mail would have been started before them).
    await new Promise((r) => setImmediate(r));
    expect(mailsTo('twice@example.com')).toHaveLength(1);
    expect(mailsTo('rider.one@example.com')).toHaveLength(1);
    expect((await row('rider.one@example.com')).status).toBe('confirmed');
    expect(await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'twice@example.com'))).toHaveLength(1);
  });
});

describe('the confirmation link', () => {
  it('confirms once; the same link again, an unknown token or a malformed one are refused with a message', async () => {
    await subscribe('confirm-me@example.com');
    const token = confirmToken(await nthMail('confirm-me@example.com', 1));
    const ok = await confirm(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email: 'confirm-me@example.com', status: 'confirmed' });
    const stored = await row('confirm-me@example.com');
    expect(stored.status).toBe('confirmed');
    expect(stored.confirmedAt).toBeInstanceOf(Date);
    expect(stored.confirmTokenHash).toBeNull();

    const reused = await confirm(token);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error).toMatchObject({ code: 'NEWSLETTER_LINK_INVALID', message: expect.stringMatching(/already used/) });

    const unknown = await confirm('a'.repeat(64));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NEWSLETTER_LINK_INVALID');

    for (const bad of ['', 'abc', `${token}x`, token.toUpperCase().replace(/[0-9]/g, 'Z'), 42]) {
      const res = await confirm(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.message).toMatch(/^token: /);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: {}, remoteAddress: from() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/^token: token is required/);
  });

  it('after the pause, a second sign-up sends a new link that replaces the first', async () => {
    await subscribe('again@example.com');
    const first = confirmToken(await nthMail('again@example.com', 1));
    later(11);
    await subscribe('again@example.com');
    const second = confirmToken(await nthMail('again@example.com', 2));
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(404);
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('expires after 7 days with a 410 that says to subscribe again', async () => {
    await subscribe('slow@example.com');
    const token = confirmToken(await nthMail('slow@example.com', 1));
    later(7 * 24 * 60 + 1);
    const res = await confirm(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toMatchObject({ code: 'NEWSLETTER_LINK_EXPIRED', message: expect.stringMatching(/Subscribe again/) });
    expect((await row('slow@example.com')).status).toBe('pending');
  });
});

describe('the unsubscribe link', () => {
  it('unsubscribes without signing in, is idempotent, and stops a pending confirmation link', async () => {
    await subscribe('leaver@example.com');
    const mail = await nthMail('leaver@example.com', 1);
    const token = unsubscribeToken(mail);
    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: 'leaver@example.com', status: 'unsubscribed' });
    const first = await row('leaver@example.com');
    expect(first.status).toBe('unsubscribed');
    expect(first.unsubscribedAt).toBeInstanceOf(Date);

    later(1);
    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email: 'leaver@example.com', status: 'unsubscribed' });
    expect((await row('leaver@example.com')).unsubscribedAt).toEqual(first.unsubscribedAt);
    expect((await confirm(confirmToken(mail))).statusCode).toBe(404);
  });

  it("takes a mail program's one-click POST (RFC 8058) at the List-Unsubscribe address", async () => {
    await subscribe('one-click@example.com');
    const mail = await nthMail('one-click@example.com', 1);
    await confirm(confirmToken(mail));
    const target = new URL(mail.headers!['List-Unsubscribe'].slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: target.pathname + target.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: from(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await row('one-click@example.com')).status).toBe('unsubscribed');
  });

  it('refuses a guessed, malformed or missing token', async () => {
    const guessed = await unsubscribe('0'.repeat(64));
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json().error.code).toBe('NEWSLETTER_LINK_INVALID');
    const malformed = await unsubscribe('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toMatch(/^token: /);
    const missing = await t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', remoteAddress: from() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/token is required/);
  });

  it('an unsubscribed address that signs up again gets a new confirmation e-mail and is confirmed by it', async () => {
    await subscribe('comeback@example.com');
    const mail = await nthMail('comeback@example.com', 1);
    await confirm(confirmToken(mail));
    await unsubscribe(unsubscribeToken(mail));
    later(11);
    await subscribe('comeback@example.com');
    expect((await row('comeback@example.com')).status).toBe('pending');
    const second = await nthMail('comeback@example.com', 2);
    // The same unsubscribe token: every link ever sent keeps working.
    expect(unsubscribeToken(second)).toBe(unsubscribeToken(mail));
    expect((await confirm(confirmToken(second))).statusCode).toBe(200);
    expect(await row('comeback@example.com')).toMatchObject({ status: 'confirmed', unsubscribedAt: null });
  });
});

describe('GET /api/newsletter/subscribers (admin)', () => {
  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/newsletter/subscribers${query}`, headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as NewsletterSubscriberPage;
  };

  it('refuses a visitor (401) and a customer (403)', async () => {
    for (const url of ['/api/newsletter/subscribers', '/api/newsletter/subscribers.csv']) {
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(401);
      const notAdmin = await t.app.inject({ method: 'GET', url, headers: bearer(customer.token) });
      expect(notAdmin.statusCode).toBe(403);
    }
  });

  it('lists the addresses newest first with their status and dates, by status, by a part of the address, in pages', async () => {
    const all = await list('?limit=100');
    const byEmail = new Map(all.items.map((i) => [i.email, i]));
    expect(byEmail.get('confirm-me@example.com')).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(String), unsubscribedAt: null });
    expect(byEmail.get('twice@example.com')).toMatchObject({ status: 'pending', confirmedAt: null });
    expect(byEmail.get('leaver@example.com')).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(String) });
    const times = all.items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.total).toBe(all.items.length);
    expect(all.counts.pending + all.counts.confirmed + all.counts.unsubscribed).toBe(all.total);

    const confirmed = await list('?status=confirmed');
    expect(confirmed.items.every((i) => i.status === 'confirmed')).toBe(true);
    expect(confirmed.total).toBe(all.counts.confirmed);

    const search = await list('?q=LEAVER');
    expect(search.items.map((i) => i.email)).toEqual(['leaver@example.com']);
    // % and _ are letters to look for, not wildcards.
    expect((await list('?q=%25')).total).toBe(0);

    const p1 = await list('?limit=2&page=1');
    const p2 = await list('?limit=2&page=2');
    expect(p1.items).toHaveLength(2);
    expect(p1.pages).toBe(Math.ceil(all.total / 2));
    expect(p2.items[0].email).toBe(all.items[2].email);
  });

  it('refuses a bad query with a 400 that says what is wrong', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/newsletter/subscribers?status=maybe&limit=500', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/status must be one of pending, confirmed, unsubscribed, or all/);
    expect(res.json().error.message).toMatch(/limit must be 100 or less/);
  });

  it('exports the confirmed addresses as CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/newsletter/subscribers.csv', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,confirmed_at,subscribed_at');
    const emails = lines.slice(1).map((l) => l.split(',')[0]);
    expect(emails).toContain('confirm-me@example.com');
    expect(emails).not.toContain('twice@example.com');
    expect(emails).not.toContain('leaver@example.com');
  });
});

describe('migration 0032', () => {
  it('keeps the addresses stored before double opt-in, as confirmed at their sign-up date, each with its own unsubscribe token', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
    // The migrations up to the one before 0032, in a folder of their own.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'newsletter-migration-'));
    fs.mkdirSync(path.join(before, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.idx < 32);
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));

    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await db.execute(
        sql`insert into newsletter_subscribers (email, created_at) values ('old1@example.com', '2025-03-01T10:00:00Z'), ('old2@example.com', '2025-04-02T11:00:00Z')`,
      );
      await migrate(db, { migrationsFolder: folder });
      const rows = (
        await db.execute(sql`select email, status, created_at, confirmed_at, unsubscribe_token, confirm_token_hash from newsletter_subscribers order by email`)
      ).rows as { email: string; status: string; created_at: string; confirmed_at: string; unsubscribe_token: string; confirm_token_hash: string | null }[];
      expect(rows.map((r) => [r.email, r.status, new Date(r.confirmed_at).toISOString(), new Date(r.created_at).toISOString()])).toEqual([
        ['old1@example.com', 'confirmed', '2025-03-01T10:00:00.000Z', '2025-03-01T10:00:00.000Z'],
        ['old2@example.com', 'confirmed', '2025-04-02T11:00:00.000Z', '2025-04-02T11:00:00.000Z'],
      ]);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.unsubscribe_token) && r.confirm_token_hash === null)).toBe(true);
      expect(rows[0].unsubscribe_token).not.toBe(rows[1].unsubscribe_token);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
    // Every migration twice on one core of a shared machine.
  }, 240_000);
});
