import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garageListSchema, type GarageEntry, type Vehicle } from '@shop/shared';
import { garageVehicles } from '../src/db/schema';
import { seedVehiclesAndFitment } from '../src/db/seed/seed';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

/** Issue #11: My Garage, the signed-in customer's own saved vehicles. */

let t: TestApp;
let rider: TestUser;
let other: TestUser;
let admin: TestUser;
const bikes: Vehicle[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await seedVehiclesAndFitment(t.app.db);
  rider = await signUpUser(t.app);
  other = await signUpUser(t.app);
  admin = await signUpUser(t.app, { admin: true });
  for (const [make, model, year] of [
    ['Yamaha', 'MT-07', 2019],
    ['Honda', 'CB500F', 2016],
    ['KTM', '390 Duke', 2021],
  ] as const) {
    const list = (await t.app.inject({ url: `/api/vehicles?${new URLSearchParams({ make, model, year: String(year) })}` })).json() as Vehicle[];
    bikes.push(list[0]);
  }
});
afterAll(async () => t.close());

const garage = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/garage', headers: bearer(user.token) });
  expect(res.statusCode).toBe(200);
  return garageListSchema.parse(res.json());
};
const add = (user: TestUser | null, vehicleId: string) =>
  t.app.inject({ method: 'POST', url: '/api/garage', headers: user ? bearer(user.token) : {}, payload: { vehicleId } });
const activate = (user: TestUser | null, id: string, payload: object = { active: true }) =>
  t.app.inject({ method: 'PATCH', url: `/api/garage/${id}`, headers: user ? bearer(user.token) : {}, payload });
const remove = (user: TestUser | null, id: string) => t.app.inject({ method: 'DELETE', url: `/api/garage/${id}`, headers: user ? bearer(user.token) : {} });
const activeOf = (list: GarageEntry[]) => list.filter((e) => e.active).map((e) => e.vehicle._id);

describe('My Garage', () => {
  it('answers 401 to a visitor on every call', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/garage' })).statusCode).toBe(401);
    expect((await add(null, bikes[0]._id)).statusCode).toBe(401);
    expect((await activate(null, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    expect((await remove(null, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('starts empty; the first saved vehicle is active, later ones are not', async () => {
    expect(await garage(rider)).toEqual([]);
    const first = await add(rider, bikes[0]._id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ vehicle: { _id: bikes[0]._id, make: 'Yamaha', model: 'MT-07', year: 2019 }, active: true });
    const second = await add(rider, bikes[1]._id);
    expect(second.statusCode).toBe(201);
    expect(second.json().active).toBe(false);
    const list = await garage(rider);
    expect(list.map((e) => e.vehicle.model)).toEqual(['MT-07', 'CB500F']);
    expect(activeOf(list)).toEqual([bikes[0]._id]);
  });

  it('saving a vehicle already in the garage answers its entry (200), not a second one', async () => {
    const again = await add(rider, bikes[1]._id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ vehicle: { _id: bikes[1]._id }, active: false });
    expect(await garage(rider)).toHaveLength(2);
  });

  it('answers 404 for an unknown vehicle and 400 for a malformed one', async () => {
    expect((await add(rider, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await add(rider, 'mt-07');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/vehicleId/);
    expect((await t.app.inject({ method: 'POST', url: '/api/garage', headers: bearer(rider.token), payload: {} })).statusCode).toBe(400);
  });

  it('PATCH { active: true } makes that entry the only active one', async () => {
    const third = (await add(rider, bikes[2]._id)).json() as GarageEntry;
    const res = await activate(rider, third._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: third._id, active: true });
    expect(activeOf(await garage(rider))).toEqual([bikes[2]._id]);
    // Again: still one active.
    expect((await activate(rider, third._id)).statusCode).toBe(200);
    const list = await garage(rider);
    expect(activeOf(list)).toEqual([bikes[2]._id]);
    const cb = list.find((e) => e.vehicle._id === bikes[1]._id)!;
    expect((await activate(rider, cb._id)).statusCode).toBe(200);
    expect(activeOf(await garage(rider))).toEqual([bikes[1]._id]);
  });

  it('answers 400 for a PATCH that is not { active: true }', async () => {
    const [entry] = await garage(rider);
    for (const payload of [{}, { active: false }, { active: 'yes' }]) {
      const res = await activate(rider, entry._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });

  it('the database refuses a second active entry for one user', async () => {
    const list = await garage(rider);
    const inactive = list.find((e) => !e.active)!;
    await expect(t.app.db.update(garageVehicles).set({ active: true }).where(eq(garageVehicles.id, inactive._id))).rejects.toThrow();
    expect(activeOf(await garage(rider))).toHaveLength(1);
  });

  it("another customer's entry answers 404 and is left as it was; their own garage is separate", async () => {
    const mine = await garage(rider);
    const inactive = mine.find((e) => !e.active)!;
    expect(await garage(other)).toEqual([]);
    expect((await activate(other, inactive._id)).statusCode).toBe(404);
    expect((await remove(other, inactive._id)).statusCode).toBe(404);
    expect((await activate(admin, inactive._id)).statusCode).toBe(404);
    expect(await garage(rider)).toEqual(mine);
    // The other customer may save the same vehicle: it becomes their active one, the rider's stays as it was.
    const theirs = await add(other, inactive.vehicle._id);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().active).toBe(true);
    expect(activeOf(await garage(rider))).toEqual(activeOf(mine));
  });

  it('answers 404 for an unknown or malformed entry id', async () => {
    expect((await activate(rider, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await remove(rider, 'not-an-id')).statusCode).toBe(404);
  });

  it('removing the active vehicle makes the oldest remaining one active; removing the rest empties the garage', async () => {
    const before = await garage(rider);
    const active = before.find((e) => e.active)!;
    const res = await remove(rider, active._id);
    expect(res.statusCode).toBe(200);
    const after = await garage(rider);
    expect(after).toHaveLength(before.length - 1);
    expect(activeOf(after)).toEqual([after[0].vehicle._id]);
    for (const e of after) expect((await remove(rider, e._id)).statusCode).toBe(200);
    expect(await garage(rider)).toEqual([]);
    const rows = await t.app.db
      .select()
      .from(garageVehicles)
      .where(and(eq(garageVehicles.userId, rider.id)));
    expect(rows).toEqual([]);
  });
});
