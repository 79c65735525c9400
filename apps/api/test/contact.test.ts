import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages, newsletterSubscribers } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers';

describe('contact block and newsletter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  // Each test talks from its own address so the per-client rate limit of one test never leaks into another.
  let client = 10;
  const post = (url: string, payload: unknown, remoteAddress = `10.0.0.${client}`) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
  const nextClient = () => {
    client += 1;
  };

  describe('POST /api/contact', () => {
    it('stores the message and confirms', async () => {
      nextClient();
      const res = await post('/api/contact', { email: ' Workshop@Example.COM ', subject: ' Bulk brake pads ', message: 'Can you ship 500 sets to Ohio?' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: true });
      const rows = await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, 'workshop@example.com'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ subject: 'Bulk brake pads', message: 'Can you ship 500 sets to Ohio?' });
    });

    it('refuses an invalid e-mail, an empty subject or message with a 400 that says what is wrong, and stores nothing', async () => {
      nextClient();
      const before = (await t.app.db.select().from(contactMessages)).length;
      const badEmail = await post('/api/contact', { email: 'not-an-email', subject: 'Hi', message: 'Hello' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'email: Provide a valid Email' });

      const empty = await post('/api/contact', { email: 'a@example.com', subject: ' ', message: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('subject: Subject is required; message: Message is required');

      const missing = await post('/api/contact', { email: 'a@example.com' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toMatch(/subject/);

      const tooLong = await post('/api/contact', { email: 'a@example.com', subject: 'x', message: 'y'.repeat(5001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.message).toMatch(/^message: /);

      expect((await t.app.db.select().from(contactMessages)).length).toBe(before);
    });

    it('limits one client to 10 messages a minute with a clear 429', async () => {
      nextClient();
      for (let i = 0; i < 10; i += 1) {
        const ok = await post('/api/contact', { email: 'spam@example.com', subject: `n${i}`, message: 'm' });
        expect(ok.statusCode).toBe(201);
      }
      const limited = await post('/api/contact', { email: 'spam@example.com', subject: 'n10', message: 'm' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(limited.json().error.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
      expect(limited.headers['retry-after']).toBeDefined();
      // Another client is not affected.
      const other = await post('/api/contact', { email: 'other@example.com', subject: 's', message: 'm' }, '10.9.9.9');
      expect(other.statusCode).toBe(201);
      expect((await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, 'spam@example.com'))).length).toBe(10);
    });
  });

  describe('POST /api/newsletter', () => {
    it('stores the address once, even when subscribed twice', async () => {
      nextClient();
      const first = await post('/api/newsletter', { email: 'rider@example.com' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ ok: true });
      const again = await post('/api/newsletter', { email: ' RIDER@example.com' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ ok: true });
      const rows = await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'rider@example.com'));
      expect(rows).toHaveLength(1);
    });

    it('refuses an invalid or missing e-mail with a 400 message', async () => {
      nextClient();
      const bad = await post('/api/newsletter', { email: 'rider@' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('email: Provide a valid Email');
      const missing = await post('/api/newsletter', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toMatch(/^email: /);
      expect(await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'rider@'))).toHaveLength(0);
    });
  });
});
