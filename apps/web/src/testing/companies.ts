import type { Company, CompanyDetail, CompanyMember, CompanyOrder, MyCompany } from '@shop/shared/schemas/company';

/** Test data of trade accounts (issue #37 item 1), as the API answers them. */
export const acme: Company = {
  _id: 'c1',
  name: 'Acme Moto Works',
  taxId: 'US-12-3456789',
  taxExempt: false,
  billing: { line1: '1 Garage Way', line2: '', city: 'Portland', region: 'OR', postalCode: '97214', country: 'US' },
  paymentTermsDays: 30,
  creditLimit: 5000,
  memberCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
};
export const alice: CompanyMember = {
  userId: 'u1',
  name: 'Alice Admin',
  email: 'alice@example.com',
  role: 'admin',
  seesAllOrders: true,
  joinedAt: '2026-11-02T10:00:00.000Z',
};
export const bob: CompanyMember = {
  userId: 'u2',
  name: 'Bob Buyer',
  email: 'bob@example.com',
  role: 'buyer',
  seesAllOrders: false,
  joinedAt: '2026-11-03T10:00:00.000Z',
};
export const invite = {
  _id: 'i1',
  email: 'carol@example.com',
  role: 'buyer' as const,
  expiresAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-06T10:00:00.000Z',
};
export const aliceView: MyCompany = { company: acme, role: 'admin', seesAllOrders: true, members: [alice, bob], invites: [invite] };
export const bobView: MyCompany = { company: { ...acme, paymentTermsDays: 0 }, role: 'buyer', seesAllOrders: false };
export const detail: CompanyDetail = { ...acme, members: [alice, bob], invites: [invite] };
export const bobOrder: CompanyOrder = {
  _id: '00000000-0000-4000-8000-000000000042',
  number: 10042,
  placedBy: { name: 'Bob Buyer', email: 'bob@example.com' },
  createdAt: '2026-11-05T10:00:00.000Z',
  total: 64.5,
  paid: false,
  status: 'Awaiting payment',
};
