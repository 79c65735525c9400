import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_WIDTHS, uploadSrcSet } from '@shop/shared';
import { images } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/** POST /api/uploads (admin, multipart) and GET /api/uploads/{id}/{width}.webp (public). */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

async function multipart(file: Buffer | string, filename: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([file], { type }), filename);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function upload(file: Buffer | string, filename = 'part.png', type = 'image/png', headers: Record<string, string> = bearer(admin.token), field = 'file') {
  const body = await multipart(file, filename, type, field);
  return t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 90, b: 20 } } })
    .png()
    .toBuffer();

const imageCount = async () => (await t.database.db.select({ n: count() }).from(images))[0].n;

describe('POST /api/uploads', () => {
  it('stores a PNG and serves it as WebP in every width, publicly, with long immutable caching', async () => {
    const res = await upload(await png(1600, 1000));
    expect(res.statusCode, res.body).toBe(201);
    const { url, id, width, height } = res.json();
    expect(url).toBe(`/api/uploads/${id}/960.webp`);
    expect({ width, height }).toEqual({ width: 1600, height: 1000 });

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A signed-in browser sends its session cookie with every <img> request: the picture stays cacheable.
    const withCookie = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    expect(withCookie.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 960, height: 600 });

    for (const w of UPLOAD_WIDTHS) {
      const variant = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}/${w}.webp` });
      expect(variant.statusCode).toBe(200);
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(w);
    }
    expect(uploadSrcSet(url)).toBe(UPLOAD_WIDTHS.map((w) => `/api/uploads/${id}/${w}.webp ${w}w`).join(', '));
  });

  it('takes JPEG and WebP, never enlarges a small picture, and reads the type from the bytes, not the name', async () => {
    const jpeg = await sharp(await png(200, 100))
      .jpeg()
      .toBuffer();
    const asJpeg = await upload(jpeg, 'brake-disc.png', 'image/png');
    expect(asJpeg.statusCode, asJpeg.body).toBe(201);
    const big = await t.app.inject({ method: 'GET', url: `/api/uploads/${asJpeg.json().id}/1280.webp` });
    expect((await sharp(big.rawPayload).metadata()).width).toBe(200);

    const webp = await sharp(await png(400, 400))
      .webp()
      .toBuffer();
    expect((await upload(webp, 'photo', 'application/octet-stream')).statusCode).toBe(201);
  });

  it('refuses SVG, HTML and anything else with 415 and a message, whatever the name says', async () => {
    const before = await imageCount();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    for (const [body, name, type] of [
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
      ['<!doctype html><script>alert(1)</script>', 'page.png', 'image/png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'anim.gif', 'image/gif'],
      [Buffer.from('%PDF-1.7 not a picture'), 'manual.pdf', 'application/pdf'],
    ] as const) {
      const res = await upload(body, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'UNSUPPORTED_IMAGE_TYPE', message: 'Only PNG, JPEG or WebP pictures can be uploaded.' });
    }
    // A PNG signature on bytes that are no picture.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
    const damaged = await upload(fake);
    expect(damaged.statusCode).toBe(415);
    expect(damaged.json().error.message).toMatch(/could not be read as a picture/);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a 6 MB file with 413 and stores nothing', async () => {
    const before = await imageCount();
    const sixMb = Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload(sixMb);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: 'The picture is larger than 5 MB. Upload a smaller file.' });
    expect(await imageCount()).toBe(before);
  });

  it('answers 400 without a file, and 415 for a body that is not multipart', async () => {
    const wrongField = await upload(await png(10, 10), 'a.png', 'image/png', bearer(admin.token), 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.code).toBe('FILE_REQUIRED');
    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: bearer(admin.token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toMatch(/multipart\/form-data/);
  });

  it('refuses a visitor (401) and a customer (403), and stores nothing', async () => {
    const before = await imageCount();
    expect((await upload(await png(10, 10), 'a.png', 'image/png', {})).statusCode).toBe(401);
    const res = await upload(await png(10, 10), 'a.png', 'image/png', bearer(customer.token));
    expect(res.statusCode).toBe(403);
    expect(await imageCount()).toBe(before);
  });
});

describe('GET /api/uploads/{id}/{width}.webp', () => {
  it('answers 404 for an unknown picture, width or file name', async () => {
    const { id } = (await upload(await png(50, 50))).json();
    for (const url of [
      `/api/uploads/00000000-0000-4000-8000-000000000000/640.webp`,
      `/api/uploads/${id}/641.webp`,
      `/api/uploads/${id}/640.png`,
      `/api/uploads/not-an-id/640.webp`,
      `/api/uploads/${id}/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('IMAGE_NOT_FOUND');
    }
  });
});
