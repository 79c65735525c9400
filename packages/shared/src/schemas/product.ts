import { z } from 'zod';

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  minOrder: z.number().int(),
  stock: z.number().int(),
  unitPrice: z.number(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

export const productPageQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be 1 or more').optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(100, 'limit must be 100 or less')
    .optional(),
});
export type ProductPageQuery = z.infer<typeof productPageQuerySchema>;

export const productPageSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** POST /product: the image URL is sent as `image` (spec section 3). */
export const createProductSchema = z.object({
  name: z.string({ message: 'Name is Required' }).trim().min(1, 'Name is Required').max(120),
  unitPrice: z.coerce.number({ message: 'Unit price must be a number' }).positive('Unit price must be more than 0').max(1_000_000),
  stock: z.coerce.number({ message: 'Stock must be a number' }).int('Stock must be a whole number').min(0, 'Stock cannot be negative').max(1_000_000),
  description: z.string({ message: 'Description is Required' }).trim().min(1, 'Description is Required').max(2000),
  minOrder: z.coerce
    .number({ message: 'Minimum order must be a number' })
    .int('Minimum order must be a whole number')
    .min(1, 'Minimum order must be at least 1')
    .max(1_000_000),
  image: z
    .string({ message: 'Image URL is Required' })
    .trim()
    .min(1, 'Image URL is Required')
    .max(2000)
    // An empty value already has its message; only a filled-in value is checked for its form.
    .refine((v) => v === '' || /^https?:\/\//i.test(v) || v.startsWith('/'), 'Image must be an http(s) URL or a path on this site'),
});
export type CreateProductInput = z.infer<typeof createProductSchema>;
