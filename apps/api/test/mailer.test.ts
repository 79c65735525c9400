import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { createMailer } from '../src/lib/mailer';

/** A minimal SMTP server (the other side of SMTP_URL): it accepts every message and keeps what it was sent. */
let server: net.Server;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    let message = '';
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake-smtp\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const log = { info: () => {} } as unknown as Parameters<typeof createMailer>[1];

describe('the mailer with SMTP_URL', () => {
  it('sends the message to the SMTP server (nodemailer, loaded only for this) and writes no outbox file', async () => {
    const config = loadConfig(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'shop@example.com', SHOP_INBOX_EMAIL: 'desk@example.com' },
      { DATA_DIR: '/tmp/shop-mailer-test' },
    );
    const mailer = await createMailer(config, log);
    expect(mailer.outboxDir).toBeUndefined();
    await mailer.send({ to: 'buyer@example.com', subject: 'Your order', text: 'Thank you for your order.' });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Your order');
    expect(received[0]).toContain('To: buyer@example.com');
    expect(received[0]).toContain('Thank you for your order.');
    // Decision 180: a reply reaches the shop's inbox, not the no-reply sender, unless the message names its own.
    expect(received[0]).toContain('Reply-To: desk@example.com');
    await mailer.send({ to: 'desk@example.com', replyTo: 'buyer@example.com', subject: 'Paid', text: 'An order is paid.' });
    expect(received[1]).toContain('Reply-To: buyer@example.com');
  });

  it('fails the send when the SMTP server cannot be reached', async () => {
    const closed = net.createServer();
    const closedPort = await new Promise<number>((resolve) => closed.listen(0, '127.0.0.1', () => resolve((closed.address() as net.AddressInfo).port)));
    await new Promise((resolve) => closed.close(resolve));
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` }, { DATA_DIR: '/tmp/shop-mailer-test' });
    const mailer = await createMailer(config, log);
    await expect(mailer.send({ to: 'buyer@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('the outbox mailer', () => {
  it('puts each message in place whole: a reader listing the folder meanwhile never finds half a message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-outbox-test-'));
    try {
      const mailer = await createMailer(loadConfig({}, { DATA_DIR: dir }), log);
      const text = 'x'.repeat(200_000);
      let reads = 0;
      let reading = true;
      // Reads every finished-looking file over and over while forty messages are being written.
      const reader = (async () => {
        while (reading) {
          for (const f of fs.existsSync(mailer.outboxDir!) ? fs.readdirSync(mailer.outboxDir!) : []) {
            if (!f.endsWith('.json')) continue;
            const raw = fs.readFileSync(path.join(mailer.outboxDir!, f), 'utf8');
            expect((JSON.parse(raw) as { text: string }).text).toHaveLength(text.length);
            reads += 1;
          }
          await new Promise((r) => setImmediate(r));
        }
      })();
      await Promise.all(Array.from({ length: 40 }, (_, i) => mailer.send({ to: `buyer${i}@example.com`, subject: 'Your order', text })));
      reading = false;
      await reader;
      const files = fs.readdirSync(mailer.outboxDir!);
      expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(40);
      expect(files.filter((f) => !f.endsWith('.json'))).toEqual([]);
      expect(reads).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
