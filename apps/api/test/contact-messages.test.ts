import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { shop, type AuditEntry, type ContactMessageItem, type ContactMessagePage } from '@shop/shared';
import { loadConfig } from '../src/config/env';
import { contactMessages } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { readOutbox } from './orders-fixtures';

/** Issue #25 item 6: contact-form messages are e-mailed to the shop's inbox and listed for admins, who mark them handled. */

const INBOX = 'front-desk@torque-throttle.example';
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp({ SHOP_INBOX_EMAIL: ' Front-Desk@Torque-Throttle.example ' });
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

// Each message comes from its own client address, so the contact form's rate limit (10 a minute) never interferes.
let client = 0;
const send = (payload: { email: string; subject: string; message: string }) => {
  client += 1;
  return t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: `10.1.0.${client}` });
};
const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/messages${query}`, headers: bearer(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContactMessagePage;
};
const mark = (id: string, handled: unknown, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/messages/${id}`, headers: user ? bearer(user.token) : {}, payload: { handled } });
const stored = async (subject: string) => (await t.app.db.select().from(contactMessages).where(eq(contactMessages.subject, subject)))[0];

describe('SHOP_INBOX_EMAIL', () => {
  it("defaults to the shop's e-mail and refuses something that is not an address", () => {
    expect(loadConfig({}, {}).SHOP_INBOX_EMAIL).toBe(shop.email);
    expect(() => loadConfig({ SHOP_INBOX_EMAIL: 'the shop' }, {})).toThrow(/SHOP_INBOX_EMAIL: SHOP_INBOX_EMAIL must be an e-mail address/);
  });
});

describe('POST /api/contact e-mails the message to the shop', () => {
  it('stores the message, then e-mails it to SHOP_INBOX_EMAIL with the sender as reply-to and a link to Messages', async () => {
    const res = await send({ email: 'Workshop@Example.com', subject: 'Bulk  brake\npads', message: 'Can you ship 500 sets to Ohio?\nThanks, Sam' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const row = await stored('Bulk  brake\npads');
    expect(row).toMatchObject({ email: 'workshop@example.com', handledAt: null, handledBy: null });

    const mails = readOutbox(t.dataDir).filter((m) => m.to === INBOX);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number] & { replyTo?: string; html?: string };
    // The subject is one line, whatever the sender typed.
    expect(mail.subject).toBe('Contact form: Bulk brake pads');
    expect(mail.replyTo).toBe('workshop@example.com');
    expect(mail.text).toContain('From: workshop@example.com');
    expect(mail.text).toContain('Subject: Bulk brake pads');
    expect(mail.text).toContain('Can you ship 500 sets to Ohio?\nThanks, Sam');
    expect(mail.text).toContain(`${t.app.config.publicUrl}/dashboard/messages`);
    expect(mail.html).toContain(`href="${t.app.config.publicUrl}/dashboard/messages"`);
  });

  it('escapes what the sender wrote in the HTML part', async () => {
    expect((await send({ email: 'x@example.com', subject: '<b>Hi</b>', message: '<script>alert(1)</script>' })).statusCode).toBe(201);
    const mail = readOutbox(t.dataDir).find((m) => m.subject === 'Contact form: <b>Hi</b>') as { html: string } | undefined;
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('still answers success and keeps the message when the e-mail cannot be sent (and logs it)', async () => {
    const sendMail = vi.spyOn(t.app.mailer, 'send').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:465'));
    const logError = vi.spyOn(t.app.log, 'error');
    const res = await send({ email: 'rider@example.com', subject: 'Mail is down', message: 'Is the 520 chain in stock?' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(sendMail).toHaveBeenCalledTimes(1);
    const row = await stored('Mail is down');
    expect(row).toMatchObject({ email: 'rider@example.com', message: 'Is the 520 chain in stock?' });
    expect(logError).toHaveBeenCalledWith(
      expect.objectContaining({ contactMessageId: row.id, err: expect.any(Error) }),
      expect.stringMatching(/could not e-mail the contact message/),
    );
    // The admin finds it on Messages all the same.
    expect((await list()).items.map((m) => m._id)).toContain(row.id);
  });
});

describe('GET /api/messages and PATCH /api/messages/{id} (admin)', () => {
  it('lists the open messages newest first, and an admin marks one handled (audited), finds it under handled, and reopens it', async () => {
    const before = await list('?status=all&limit=100');
    for (const n of [1, 2, 3]) expect((await send({ email: `buyer${n}@example.com`, subject: `Question ${n}`, message: `Message ${n}` })).statusCode).toBe(201);

    const open = await list();
    expect(open.counts.open).toBe(before.counts.open + 3);
    expect(open.total).toBe(open.counts.open);
    expect(open.items.slice(0, 3).map((m) => m.subject)).toEqual(['Question 3', 'Question 2', 'Question 1']);
    const second = open.items[1];
    expect(second).toMatchObject({ email: 'buyer2@example.com', message: 'Message 2', handledAt: null, handledBy: null });
    expect(Date.parse(second.createdAt)).not.toBeNaN();

    const res = await mark(second._id, true);
    expect(res.statusCode, res.body).toBe(200);
    const handled = res.json() as ContactMessageItem;
    expect(handled).toMatchObject({ _id: second._id, handledBy: admin.email });
    expect(Date.parse(handled.handledAt!)).not.toBeNaN();

    // Marking it again changes nothing and records nothing.
    expect((await mark(second._id, true)).json()).toEqual(handled);

    const afterOpen = await list();
    expect(afterOpen.items.map((m) => m._id)).not.toContain(second._id);
    expect(afterOpen.counts).toEqual({ open: before.counts.open + 2, handled: before.counts.handled + 1 });
    const handledTab = await list('?status=handled');
    expect(handledTab.items[0]).toEqual(handled);
    expect(handledTab.total).toBe(before.counts.handled + 1);
    const all = await list('?status=all');
    expect(all.total).toBe(before.total + 3);
    expect(all.items.slice(0, 3).map((m) => m.subject)).toEqual(['Question 3', 'Question 2', 'Question 1']);

    const reopened = await mark(second._id, false);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ _id: second._id, handledAt: null, handledBy: null });
    expect((await list()).items.map((m) => m._id)).toContain(second._id);

    const audit = await t.app.inject({ method: 'GET', url: '/api/audit?entityType=message', headers: bearer(admin.token) });
    const entries = (audit.json().items as AuditEntry[]).filter((e) => e.entityId === second._id);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.action)).toEqual(['message.reopen', 'message.handle']);
    expect(entries[1]).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      entityType: 'message',
      before: { handled: false },
      after: { handled: true },
      note: 'Question 2 (from buyer2@example.com)',
    });
  });

  it('pages the list with its total and page count', async () => {
    for (const n of [1, 2, 3]) await send({ email: 'pager@example.com', subject: `Paged ${n}`, message: 'm' });
    const all = await list('?status=all&limit=2');
    const first = await list('?status=all&limit=2&page=1');
    expect(first).toMatchObject({ page: 1, limit: 2, pages: Math.ceil(all.total / 2) });
    expect(first.items).toHaveLength(2);
    const secondPage = await list('?status=all&limit=2&page=2');
    expect(secondPage.items).toHaveLength(2);
    expect(secondPage.items.map((m) => m._id)).not.toContain(first.items[0]._id);
    // Past the last page: an empty page, not an error.
    const past = await list(`?status=all&limit=2&page=${all.pages + 1}`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it('answers a clear 400 for a bad status, page, limit or body', async () => {
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/messages${query}`, headers: bearer(admin.token) });
    const status = await get('?status=closed');
    expect(status.statusCode).toBe(400);
    expect(status.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'status: status must be one of open, handled, all' });
    expect((await get('?page=0')).json().error.message).toBe('page: page must be 1 or more');
    expect((await get('?limit=101')).json().error.message).toBe('limit: limit must be 100 or less');
    expect((await get('?limit=abc')).json().error.message).toBe('limit: limit must be a whole number');

    const [message] = (await list('?status=all&limit=1')).items;
    const noFlag = await mark(message._id, 'yes');
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().error.message).toBe('handled: handled must be true or false');
    const empty = await t.app.inject({ method: 'PATCH', url: `/api/messages/${message._id}`, headers: bearer(admin.token), payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('handled: handled must be true or false');
  });

  it('answers 404 for an unknown id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-message']) {
      const res = await mark(id, true);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'MESSAGE_NOT_FOUND', message: 'No message with that id.' });
    }
  });

  it('refuses a visitor (401) and a customer (403), listing and marking alike, and changes nothing', async () => {
    await send({ email: 'private@example.com', subject: 'Not for customers', message: 'm' });
    const row = await stored('Not for customers');
    expect((await t.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/messages', headers: bearer(customer.token) })).statusCode).toBe(403);
    expect((await mark(row.id, true, null)).statusCode).toBe(401);
    expect((await mark(row.id, true, customer)).statusCode).toBe(403);
    expect((await stored('Not for customers')).handledAt).toBeNull();
  });
});
