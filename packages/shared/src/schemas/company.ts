import { z } from 'zod';
import { emailSchema } from './common';
import { addressSchema } from '../address';
import { addressViewSchema } from './address-book';

/** Issue #37 item 1 (decision 204): trade accounts — companies, their members and invitations. */

export const COMPANY_ROLES = ['admin', 'buyer'] as const;
export const companyRoleSchema = z.enum(COMPANY_ROLES, { message: 'Role must be admin or buyer' });
export type CompanyRole = z.infer<typeof companyRoleSchema>;
/** An invitation's link works this long. */
export const COMPANY_INVITE_TTL_DAYS = 14;
export const COMPANY_TERMS_MAX_DAYS = 120;
export const COMPANY_CREDIT_MAX = 10_000_000;

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

export const companyBillingSchema = z.object({
  line1: text('Billing address line 1', 200).default(''),
  line2: text('Billing address line 2', 200).default(''),
  city: text('Billing city', 100).default(''),
  region: text('Billing region', 100).default(''),
  postalCode: text('Billing postal code', 20).default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'Billing country must be a two-letter ISO code, e.g. DE')
    .default(''),
});
export type CompanyBilling = z.infer<typeof companyBillingSchema>;

/** The fields of a company as the admin writes them, without defaults (a PATCH changes only what it sends). */
const companyFields = {
  name: text('Name', 120).min(1, 'Name is Required'),
  taxId: text('Tax number', 40),
  taxExempt: z.boolean({ message: 'taxExempt must be true or false' }),
  billing: companyBillingSchema,
  paymentTermsDays: z.coerce
    .number({ message: 'Payment terms must be a number of days' })
    .int('Payment terms must be whole days')
    .min(0, 'Payment terms cannot be negative')
    .max(COMPANY_TERMS_MAX_DAYS, `Payment terms must be at most ${COMPANY_TERMS_MAX_DAYS} days`),
  creditLimit: z.coerce
    .number({ message: 'Credit limit must be a number' })
    .min(0, 'Credit limit cannot be negative')
    .max(COMPANY_CREDIT_MAX, `Credit limit must be at most $${COMPANY_CREDIT_MAX.toLocaleString('en-US')}`)
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Credit limit must have at most two decimals'),
};

/** POST /admin/companies: every field, the missing ones at their defaults. */
export const companyInputSchema = z.object({
  ...companyFields,
  taxId: companyFields.taxId.default(''),
  taxExempt: companyFields.taxExempt.default(false),
  billing: companyFields.billing.default({ line1: '', line2: '', city: '', region: '', postalCode: '', country: '' }),
  paymentTermsDays: companyFields.paymentTermsDays.default(0),
  creditLimit: companyFields.creditLimit.default(0),
});
export type CompanyInput = z.input<typeof companyInputSchema>;
/**
 * PATCH /admin/companies/{id}: any of the fields, and only those sent. (zod 4 fills a default in even where the field
 * is optional, so the patch is built from the fields without their defaults: a patch of the credit limit alone once
 * reset the company's terms, tax number and billing address. The order fuzz found it, decision 208.)
 */
export const companyPatchSchema = z
  .object(companyFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change');

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string(),
  taxExempt: z.boolean(),
  billing: z.object({ line1: z.string(), line2: z.string(), city: z.string(), region: z.string(), postalCode: z.string(), country: z.string() }),
  paymentTermsDays: z.number().int(),
  creditLimit: z.number(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;
export const companyListSchema = z.array(companySchema);

export const companyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  seesAllOrders: z.boolean(),
  joinedAt: z.string(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

export const companyInviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type CompanyInvite = z.infer<typeof companyInviteSchema>;

/** GET /admin/companies/{id}: the company, its members and its open invitations. */
/** Issue #37 item 2 (decision 206): a price list the company is priced by, and whether it is valid now. */
export const companyPriceListSchema = z.object({
  _id: z.string(),
  name: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  current: z.boolean(),
});
export type CompanyPriceList = z.infer<typeof companyPriceListSchema>;

export const companyDetailSchema = companySchema.extend({
  members: z.array(companyMemberSchema),
  invites: z.array(companyInviteSchema),
  priceLists: z.array(companyPriceListSchema).optional(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/**
 * GET /company: the caller's trade account. A company admin also gets the members and open invitations; a buyer
 * gets only the company and their own role.
 */
export const myCompanySchema = z.object({
  company: companySchema,
  role: companyRoleSchema,
  seesAllOrders: z.boolean(),
  members: z.array(companyMemberSchema).optional(),
  invites: z.array(companyInviteSchema).optional(),
  /** The company's price lists, A to Z (every member sees them: they price the member's own cart). */
  priceLists: z.array(companyPriceListSchema).optional(),
});
export type MyCompany = z.infer<typeof myCompanySchema>;

export const companyInviteInputSchema = z.object({
  email: emailSchema,
  role: companyRoleSchema.default('buyer'),
});
export type CompanyInviteInput = z.input<typeof companyInviteInputSchema>;

export const companyMemberPatchSchema = z
  .object({
    role: companyRoleSchema.optional(),
    seesAllOrders: z.boolean({ message: 'seesAllOrders must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.seesAllOrders !== undefined, 'Send role or seesAllOrders');

export const companyJoinSchema = z.object({
  token: z.string().trim().min(20, 'The invitation link is incomplete').max(200, 'The invitation link is not one of ours'),
});

/** One order of the company, as its members see the list. */
export const companyOrderSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  placedBy: z.object({ name: z.string(), email: z.string() }),
  createdAt: z.string(),
  total: z.number(),
  paid: z.boolean(),
  status: z.string(),
});
export type CompanyOrder = z.infer<typeof companyOrderSchema>;
export const companyOrderListSchema = z.array(companyOrderSchema);

/* ------------------------------------------- issue #37 item 4 (decision 208): paying on account */

/** An order on account whose invoice is open: on the admin's receivables and on its company's page. */
export const receivableSchema = z.object({
  checkoutId: z.string(),
  /** The order number, e.g. TT-10042. */
  number: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  poNumber: z.string(),
  /** Who placed it (their e-mail address). */
  email: z.string(),
  placedAt: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  daysOverdue: z.number().int().nonnegative(),
  /** What is owed, in dollars. */
  total: z.number(),
  /** The payment provider's page where it is paid (null until issued). */
  invoiceUrl: z.string().nullable(),
});
export type Receivable = z.infer<typeof receivableSchema>;

/** GET /admin/receivables and GET /company/invoices: open invoices, oldest due first, with their sums. */
export const receivablesSchema = z.object({
  items: z.array(receivableSchema),
  openTotal: z.number(),
  overdueTotal: z.number(),
  overdueCount: z.number().int().nonnegative(),
  /** One company's terms (GET /company/invoices): net days, its credit limit, and what is left of it now. */
  account: z.object({ paymentTermsDays: z.number().int(), creditLimit: z.number(), available: z.number() }).optional(),
});
export type Receivables = z.infer<typeof receivablesSchema>;

/* ------------------------------------------- issue #37 item 5 (decision 209): a company's delivery addresses */

/** At most this many delivery addresses per company. */
export const COMPANY_ADDRESSES_MAX = 50;

/** One of a company's delivery addresses, offered to every member at checkout. */
export const companyAddressSchema = addressViewSchema.extend({ _id: z.string() });
export type CompanyAddress = z.infer<typeof companyAddressSchema>;
export const companyAddressListSchema = z.array(companyAddressSchema);

/** POST /company/addresses: the address, checked as the checkout checks one. */
export const companyAddressInputSchema = z.object({ address: addressSchema });
export type CompanyAddressInput = z.input<typeof companyAddressInputSchema>;
