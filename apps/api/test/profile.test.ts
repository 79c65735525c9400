import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profileSchema } from '@shop/shared';
import { user } from '../src/db/schema';
import { bearer, createTestApp, signUpUser, type TestApp, type TestUser } from './helpers';

const fields = { education: 'Diploma in Motorcycle Mechanics', location: 'Leeds, UK', phone: '07700900123', linkedin: 'https://www.linkedin.com/in/sam-rider' };

describe('profile GET/PUT /api/user/{email}', () => {
  let t: TestApp;
  let me: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    me = await signUpUser(t.app, { name: 'Sam Rider' });
    other = await signUpUser(t.app, { name: 'Other Rider' });
    admin = await signUpUser(t.app, { admin: true });
  });
  afterAll(async () => t.close());

  const get = (email: string, token?: string) => t.app.inject({ method: 'GET', url: `/api/user/${email}`, headers: token ? bearer(token) : {} });
  const put = (email: string, body: unknown, token?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers: token ? bearer(token) : {}, payload: body as object });

  it('shows my profile with empty fields before any edit', async () => {
    const res = await get(me.email, me.token);
    expect(res.statusCode).toBe(200);
    expect(profileSchema.parse(res.json())).toEqual({
      _id: me.id,
      email: me.email,
      name: 'Sam Rider',
      image: null,
      role: 'user',
      education: null,
      location: null,
      phone: null,
      linkedin: null,
    });
  });

  it("refuses a visitor (401) and hides other customers' profiles (404)", async () => {
    expect((await get(me.email)).statusCode).toBe(401);
    const peek = await get(other.email, me.token);
    expect(peek.statusCode).toBe(404);
    expect(peek.json().error.code).toBe('USER_NOT_FOUND');
  });

  it('saves my profile fields and shows them', async () => {
    const res = await put(me.email, fields, me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const after = await get(me.email, me.token);
    expect(after.json()).toMatchObject(fields);
  });

  it('accepts a numeric phone as sent by a number input', async () => {
    const res = await put(me.email, { ...fields, phone: 447700900123 }, me.token);
    expect(res.statusCode).toBe(200);
    expect((await get(me.email, me.token)).json().phone).toBe('447700900123');
  });

  it('requires every field, with a message per field', async () => {
    const res = await put(me.email, { education: ' ', location: '', phone: 'call me', linkedin: 'x' }, me.token);
    expect(res.statusCode).toBe(400);
    const msg = res.json().error.message as string;
    expect(msg).toContain('education: Education is Required');
    expect(msg).toContain('location: Location is Required');
    expect(msg).toContain('phone: Phone must be a number');
    const missing = await put(me.email, { education: 'x' }, me.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/linkedin/);
  });

  it('answers "No user is logged in" to an edit with nobody signed in', async () => {
    const res = await put(me.email, fields);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('No user is logged in');
  });

  it("never edits another customer's profile (404) and leaves it unchanged", async () => {
    const res = await put(other.email, fields, me.token);
    expect(res.statusCode).toBe(404);
    expect((await get(other.email, other.token)).json().education).toBeNull();
  });

  it('ignores role, name and e-mail sent along with the profile fields', async () => {
    const res = await put(me.email, { ...fields, role: 'admin', name: 'Hacker', email: other.email }, me.token);
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(user).where(eq(user.id, me.id));
    expect(row).toMatchObject({ role: 'user', name: 'Sam Rider', email: me.email });
    expect((await get(other.email, other.token)).json().education).toBeNull();
  });

  it('lets an admin read and edit any profile', async () => {
    const read = await get(other.email, admin.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().email).toBe(other.email);
    const edit = await put(other.email, { ...fields, location: 'Bristol, UK' }, admin.token);
    expect(edit.statusCode).toBe(200);
    expect((await get(other.email, other.token)).json().location).toBe('Bristol, UK');
    expect((await get('ghost@example.com', admin.token)).statusCode).toBe(404);
  });
});
