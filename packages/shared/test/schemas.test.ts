import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { emailSchema, idSchema, SPEC_EMAIL_PATTERN } from '../src/schemas/common';
import { contactMessageSchema, newsletterSchema } from '../src/schemas/contact';
import { createOrderSchema, payOrderSchema } from '../src/schemas/order';
import { createProductSchema, productPageQuerySchema } from '../src/schemas/product';
import { createReviewSchema } from '../src/schemas/review';
import { profileUpdateSchema, setRoleSchema, userSyncSchema } from '../src/schemas/user';

/** field → messages, so a test reads like the form the customer sees. */
function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('e-mail', () => {
  it("answers 'Provide a valid Email' for something that is not an address", () => {
    for (const bad of ['nope', 'a@', '@b.com', 'a b@c.com', '']) expect(messages(emailSchema, bad)).toEqual({ '': ['Provide a valid Email'] });
  });

  it('trims and lower-cases the address so one person is one account', () => {
    expect(emailSchema.parse('  Rider@Example.COM ')).toBe('rider@example.com');
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@b.com`).success).toBe(false);
  });

  it("keeps the spec's loose UI pattern", () => {
    expect(SPEC_EMAIL_PATTERN.test('rider1@shop.com')).toBe(true);
    expect(SPEC_EMAIL_PATTERN.test('rider@shop')).toBe(false);
  });
});

describe('ids', () => {
  it("answers 'Not a valid id' for a malformed id", () => {
    expect(messages(idSchema, 'abc')).toEqual({ '': ['Not a valid id'] });
    expect(idSchema.safeParse('0b7c5a8e-3f0e-4c55-9f8e-2a3c4b5d6e7f').success).toBe(true);
  });
});

describe('product page query', () => {
  it('accepts numbers sent as query strings', () => {
    expect(productPageQuerySchema.parse({ page: '2', limit: '9' })).toEqual({ page: 2, limit: 9 });
    expect(productPageQuerySchema.parse({})).toEqual({});
  });

  it('says what is wrong with page and limit', () => {
    expect(messages(productPageQuerySchema, { page: '0', limit: '0' })).toEqual({ page: ['page must be 1 or more'], limit: ['limit must be 1 or more'] });
    expect(messages(productPageQuerySchema, { limit: '101' })).toEqual({ limit: ['limit must be 100 or less'] });
    expect(messages(productPageQuerySchema, { page: 'abc', limit: '1.5' })).toEqual({
      page: ['page must be a whole number'],
      limit: ['limit must be a whole number'],
    });
  });
});

describe('add product', () => {
  const valid = {
    name: 'Oil filter',
    unitPrice: '12.5',
    stock: '100',
    description: 'Fits most twins',
    minOrder: '10',
    image: '/images/products/oil-filter-hf204.svg',
  };

  it('coerces the form strings to numbers and trims text', () => {
    expect(createProductSchema.parse({ ...valid, name: '  Oil filter ' })).toEqual({
      name: 'Oil filter',
      unitPrice: 12.5,
      stock: 100,
      description: 'Fits most twins',
      minOrder: 10,
      image: '/images/products/oil-filter-hf204.svg',
    });
    expect(createProductSchema.safeParse({ ...valid, image: 'https://cdn.example.com/a.png' }).success).toBe(true);
  });

  it('names every empty field', () => {
    const m = messages(createProductSchema, { name: ' ', unitPrice: '', stock: '5', description: '', minOrder: '', image: '' });
    expect(m.name).toEqual(['Name is Required']);
    expect(m.description).toEqual(['Description is Required']);
    expect(m.image).toContain('Image URL is Required');
    expect(m.unitPrice).toEqual(['Unit price must be more than 0']);
    expect(m.minOrder).toEqual(['Minimum order must be at least 1']);
  });

  it('refuses numbers that make no sense for a product', () => {
    const m = messages(createProductSchema, { ...valid, unitPrice: 'abc', stock: '1.5', minOrder: '0' });
    expect(m).toEqual({ unitPrice: ['Unit price must be a number'], stock: ['Stock must be a whole number'], minOrder: ['Minimum order must be at least 1'] });
    expect(messages(createProductSchema, { ...valid, stock: '-1' })).toEqual({ stock: ['Stock cannot be negative'] });
    expect(messages(createProductSchema, { ...valid, unitPrice: '-3' })).toEqual({ unitPrice: ['Unit price must be more than 0'] });
  });

  it('refuses image URLs that are neither http(s) nor a path on this site', () => {
    for (const image of ['javascript:alert(1)', 'ftp://x/y.png', 'data:image/svg+xml,<svg/>']) {
      expect(messages(createProductSchema, { ...valid, image })).toEqual({ image: ['Image must be an http(s) URL or a path on this site'] });
    }
  });
});

describe('review', () => {
  const PART = '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f';
  it('accepts a whole rating from 1 to 5, also sent as a string', () => {
    expect(createReviewSchema.parse({ review: '4', description: 'Great pads', productId: PART })).toMatchObject({ review: 4, description: 'Great pads' });
    expect(createReviewSchema.safeParse({ review: 1, description: 'x', productId: PART }).success).toBe(true);
    expect(createReviewSchema.safeParse({ review: 5, description: 'x', productId: PART }).success).toBe(true);
  });

  it('refuses other ratings with one clear message', () => {
    for (const review of [0, 6, 4.5, -1]) {
      expect(messages(createReviewSchema, { review, description: 'x', productId: PART })).toEqual({
        review: ['Rating must be a whole number between 1 and 5'],
      });
    }
    expect(messages(createReviewSchema, { review: 'abc', description: 'x', productId: PART })).toEqual({ review: ['Rating must be a number'] });
  });

  it('asks which part it is about (issue #22: reviews come from buyers of a part)', () => {
    expect(messages(createReviewSchema, { review: 5, description: 'x' })).toEqual({ productId: ['Please choose the part you are reviewing'] });
    expect(messages(createReviewSchema, { review: 5, description: 'x', productId: 'not-a-part' })).toEqual({
      productId: ['Please choose the part you are reviewing'],
    });
  });

  it('asks for a description', () => {
    expect(messages(createReviewSchema, { review: 5, description: '  ', productId: PART })).toEqual({
      description: ['Please write a few words about your experience'],
    });
  });
});

describe('profile update', () => {
  it('requires every field with its own message', () => {
    const m = messages(profileUpdateSchema, { education: '', location: ' ', phone: '', linkedin: '' });
    expect(m.education).toEqual(['Education is Required']);
    expect(m.location).toEqual(['Location is Required']);
    expect(m.phone).toContain('Phone is Required');
    expect(m.linkedin).toEqual(['Linkedin is Required']);
  });

  it('takes the phone as a number or a string of digits', () => {
    expect(profileUpdateSchema.parse({ education: 'a', location: 'b', phone: 5551234, linkedin: 'c' }).phone).toBe('5551234');
    expect(profileUpdateSchema.parse({ education: 'a', location: 'b', phone: '+1 (555) 014-2090', linkedin: 'c' }).phone).toBe('+1 (555) 014-2090');
    expect(messages(profileUpdateSchema, { education: 'a', location: 'b', phone: 'call me', linkedin: 'c' })).toEqual({ phone: ['Phone must be a number'] });
  });
});

describe('sign-in sync and roles', () => {
  it('strips any field other than email and name, so nobody makes themselves admin', () => {
    expect(userSyncSchema.parse({ email: 'A@B.com', name: 'Sam', role: 'admin' })).toEqual({ email: 'a@b.com', name: 'Sam' });
  });

  it("promotes only to 'admin'", () => {
    expect(setRoleSchema.safeParse({ role: 'admin' }).success).toBe(true);
    expect(messages(setRoleSchema, { role: 'superuser' })).toEqual({ role: ["role must be 'admin'"] });
  });
});

describe('orders', () => {
  const shipTo = { country: 'Germany', address: 'Ringstraße 1, Berlin', phone: '030 1234567' };

  it('needs a product and a positive whole quantity', () => {
    expect(messages(createOrderSchema, { productId: '', quantity: 'x', ...shipTo })).toEqual({
      productId: ['productId is required'],
      quantity: ['Quantity must be a number'],
    });
    expect(messages(createOrderSchema, { productId: 'p', quantity: 0, ...shipTo })).toEqual({ quantity: ['Quantity must be more than 0'] });
    expect(messages(createOrderSchema, { productId: 'p', quantity: 2.5, ...shipTo })).toEqual({ quantity: ['Quantity must be a whole number'] });
  });

  it('issue #24: needs where the order ships; takes the phone as a number and keeps it in E.164', () => {
    expect(messages(createOrderSchema, { productId: 'p', quantity: 1 })).toEqual({
      country: ['Enter the country the parts ship to'],
      address: ['Enter the delivery address: street and number, postal code and town'],
      phone: ['Enter a phone number for the carrier'],
    });
    expect(messages(createOrderSchema, { productId: 'p', quantity: 1, ...shipTo, country: 'Narnia' })).toEqual({
      country: ['We do not know a country called "Narnia": enter its English name, such as Germany or United States'],
    });
    expect(createOrderSchema.parse({ productId: 'p', quantity: '12', ...shipTo, country: 'deutschland', phone: 301234567 })).toMatchObject({
      productId: 'p',
      quantity: 12,
      phone: '+49301234567',
      country: 'Germany',
      address: 'Ringstraße 1, Berlin',
    });
  });

  it('needs a transaction id to mark an order paid', () => {
    expect(messages(payOrderSchema, { transactionId: ' ' })).toEqual({ transactionId: ['transactionId is required'] });
  });
});

describe('contact and newsletter', () => {
  it('requires a valid e-mail, a subject and a message', () => {
    expect(messages(contactMessageSchema, { email: 'x', subject: ' ', message: '' })).toEqual({
      email: ['Provide a valid Email'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
    expect(contactMessageSchema.parse({ email: 'Shop@Example.com', subject: ' Bulk ', message: ' Hi ' })).toEqual({
      email: 'shop@example.com',
      subject: 'Bulk',
      message: 'Hi',
    });
  });

  it('requires a valid e-mail for the newsletter', () => {
    expect(messages(newsletterSchema, { email: 'nope' })).toEqual({ email: ['Provide a valid Email'] });
    expect(newsletterSchema.parse({ email: 'rider@example.com' })).toEqual({ email: 'rider@example.com' });
  });
});

describe('createProductSchema with missing fields', () => {
  it('names each missing text field with its required message', () => {
    const r = createProductSchema.safeParse({ unitPrice: 10, stock: 5, minOrder: 1 });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Name is Required', 'Description is Required', 'Image URL is Required']));
  });
});
