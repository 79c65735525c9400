import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, fitsVehicle, type Cart, type Product, type Vehicle } from '@shop/shared';
import { seedDemoData } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/**
 * Issue #26 item 5: the signed-in cart's fit warnings read the products'
 * fitment, so GET /api/cart sends each product with its fitment lines, as the
 * product endpoints do (it sent an empty list, and every part "did not fit").
 */

let t: TestApp;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
  customer = await signUpUser(t.app, { name: 'Fit Checker' });
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const bySku = async (sku: string) => ((await get('/api/products')).json() as Product[]).find((p) => p.sku === sku)!;
async function vehicleOf(make: string, model: string, year: number): Promise<Vehicle> {
  const list = (await get(`/api/vehicles?${new URLSearchParams({ make, model, year: String(year) })}`)).json() as Vehicle[];
  return list.find((v) => v.variant === null)!;
}
const cartOf = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return cartSchema.parse(res.json()) as Cart;
};
const putLine = (user: TestUser, productId: string, quantity: number) =>
  t.app.inject({ method: 'PUT', url: `/api/cart/lines/${productId}`, headers: bearer(user.token), payload: { quantity } });

describe('the cart’s products carry their fitment', () => {
  it('sends each product’s fitment lines and universal flag as GET /api/product/{id} does', async () => {
    // The brake pads fit the MT-07 2014–2024 (and more); the grips fit every bike.
    const pads = await bySku('FA244HH');
    const grips = await bySku('G154');
    expect(pads.fitment.length).toBeGreaterThan(1);
    for (const p of [pads, grips]) expect((await putLine(customer, p._id, p.minOrder)).statusCode).toBe(200);

    const cart = await cartOf(customer);
    const line = (id: string) => cart.lines.find((l) => l.productId === id)!.product;
    const padsPage = (await get(`/api/product/${pads._id}`)).json() as Product;
    expect(line(pads._id).fitment).toEqual(padsPage.fitment);
    expect(line(pads._id).fitment).toContainEqual({
      make: 'Yamaha',
      model: 'MT-07',
      yearFrom: 2014,
      yearTo: 2024,
      position: 'front',
      perVehicle: 2,
      notes: 'One set per caliper',
    });
    expect(line(pads._id).universal).toBe(false);
    expect(line(grips._id)).toMatchObject({ universal: true, fitment: [] });

    // The cart's fit rule now answers as the part page does.
    const mt07 = await vehicleOf('Yamaha', 'MT-07', 2021);
    expect(fitsVehicle(line(pads._id), mt07)).toBe(true);
    expect(fitsVehicle(line(grips._id), mt07)).toBe(true);
    const bonneville = await vehicleOf('Triumph', 'Bonneville T120', 2021);
    expect(fitsVehicle(line(pads._id), bonneville)).toBe(false);
  });

  it('the answer to a cart change carries the fitment too', async () => {
    const slipOn = await bySku('S-Y9SO7-HRC');
    const res = await putLine(customer, slipOn._id, slipOn.minOrder);
    expect(res.statusCode).toBe(200);
    const cart = cartSchema.parse(res.json()) as Cart;
    expect(cart.lines.find((l) => l.productId === slipOn._id)!.product.fitment).toEqual([{ make: 'Yamaha', model: 'MT-09', yearFrom: 2014, yearTo: 2020 }]);
  });
});
