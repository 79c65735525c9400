import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skuKey, type ImportJob } from '@shop/shared';
import { products } from '../src/db/schema';
import { feedImageId } from '../src/modules/imports/feed-images';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';
import { eventually } from './eventually';

/**
 * Issue #35 item 3 (decision 214): the pictures a PIES feed names (`DigitalAssets`) are fetched after the commit
 * from a server on this machine (never the internet), stored as the shop's uploads, refused when they are not
 * pictures or too large, fetched once per address, and not fetched again by a re-import, which changes nothing.
 */

let t: TestApp;
let admin: TestUser;
let server: http.Server;
let base = '';
const hits = new Map<string, number>();

beforeAll(async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00000' } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#0000c0' } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/pad.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/shared.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Not a picture</body></html>');
    if (req.url === '/fake.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('GIF89a or anything that is not a PNG');
    if (req.url === '/huge.png') {
      // Chunked, no Content-Length: the limit holds while the bytes arrive.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const more = () => {
        while (sent < 6) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      return more();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ JOBS_POLL_INTERVAL_SECONDS: 0.5, FEED_IMAGES: 'fetch' });
  admin = await signUpUser(t.app, { admin: true });
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const item = (pn: string, path: string) => `
    <Item MaintenanceType="A">
      <PartNumber>${pn}</PartNumber>
      <BrandLabel>PicCo</BrandLabel>
      <Descriptions><Description DescriptionCode="DES" LanguageCode="EN">PicCo part ${pn}</Description></Descriptions>
      <Prices><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">10.00</Price></Pricing></Prices>
      <DigitalAssets><DigitalFileInformation><FileName>p.png</FileName><AssetType>P04</AssetType><FileType>PNG</FileType><URI>${base}${path}</URI></DigitalFileInformation></DigitalAssets>
    </Item>`;
const feed = () => `<?xml version="1.0" encoding="UTF-8"?>
<PIES xmlns="http://www.autocare.org">
  <Header><PIESVersion>7.2</PIESVersion><SubmissionType>FULL</SubmissionType><BrandOwnerAAIAID>PICC</BrandOwnerAAIAID></Header>
  <Items>${[
    ['PC-1', '/pad.png'],
    ['PC-2', '/shared.jpg'],
    ['PC-3', '/shared.jpg'],
    ['PC-4', '/page.html'],
    ['PC-5', '/fake.png'],
    ['PC-6', '/huge.png'],
    ['PC-7', '/missing.png'],
  ]
    .map(([pn, path]) => item(pn, path))
    .join('')}
  </Items>
  <Trailer><ItemCount>7</ItemCount></Trailer>
</PIES>
`;

async function importFeed(xml: string): Promise<ImportJob> {
  const data = new FormData();
  data.append('kind', 'pies');
  data.append('file', new Blob([xml], { type: 'application/xml' }), 'picco-pies.xml');
  const req = new Request('http://localhost/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...bearer(admin.token), 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().id as string;
  const job = async () => (await t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: bearer(admin.token) })).json() as ImportJob;
  await eventually(async () => expect((await job()).status).toBe('ready'), 15_000);
  expect((await t.app.inject({ method: 'POST', url: `/api/admin/imports/${id}/commit`, headers: bearer(admin.token) })).statusCode).toBe(202);
  let done: ImportJob | undefined;
  // The pictures are fetched after the commit: the job's notes say so when they are done.
  await eventually(async () => {
    done = await job();
    expect(done.status).toBe('done');
    expect(done.report?.notes?.some((n) => n.startsWith('Pictures:'))).toBe(true);
  }, 20_000);
  return done!;
}

const pictures = async () =>
  new Map(
    (
      await t.app.db
        .select({ sku: products.sku, img: products.img, images: products.images, version: products.version })
        .from(products)
        .where(inArray(products.skuKey, ['PC-1', 'PC-2', 'PC-3', 'PC-4', 'PC-5', 'PC-6', 'PC-7'].map(skuKey)))
    ).map((p) => [p.sku, p]),
  );

describe('a PIES feed’s pictures fetched after the commit (decision 214)', () => {
  it('stores the pictures as uploads, once per address, refuses what is not a picture or too large, and keeps those addresses', async () => {
    const done = await importFeed(feed());
    expect(done).toMatchObject({ created: 7 });
    expect(done.report!.notes).toContain("Pictures: 2 fetched and stored as the shop's own, 4 refused (the part keeps the address; see the errors).");
    expect(done.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        `Picture ${base}/page.html is not a picture (text/html): the part keeps the address`,
        `Picture ${base}/fake.png is not a PNG, JPEG or WebP picture: the part keeps the address`,
        `Picture ${base}/huge.png is larger than 5 MB: the part keeps the address`,
        `Picture ${base}/missing.png answered 404: the part keeps the address`,
      ]),
    );
    const parts = await pictures();
    expect(parts.get('PC-1')).toMatchObject({ img: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\/\d+\.webp$/), images: [expect.any(String)] });
    expect(parts.get('PC-1')!.img.split('/')[3]).toBe(feedImageId(`${base}/pad.png`));
    expect(parts.get('PC-2')!.img).toBe(parts.get('PC-3')!.img);
    expect(parts.get('PC-4')!.img).toBe(`${base}/page.html`);
    expect(parts.get('PC-6')!.images).toEqual([`${base}/huge.png`]);
    expect(hits.get('/shared.jpg')).toBe(1);
    // The stored picture is served as the uploads module serves any upload.
    const served = await t.app.inject({ method: 'GET', url: parts.get('PC-1')!.img });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/image\/webp/);
  }, 40_000);

  it('a re-import of the same feed changes nothing and fetches no stored picture again', async () => {
    const before = await pictures();
    const done = await importFeed(feed());
    expect(done).toMatchObject({ created: 0, updated: 0, unchanged: 7 });
    expect(await pictures()).toEqual(before);
    expect(hits.get('/pad.png')).toBe(1);
    expect(hits.get('/shared.jpg')).toBe(1);
    // The refused ones are tried again (the address may answer now).
    expect(hits.get('/page.html')).toBe(2);
  }, 40_000);
});
