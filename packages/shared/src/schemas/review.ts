import { z } from 'zod';

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  review: z.number(),
  createdAt: z.string().optional(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewListSchema = z.array(reviewSchema);

/**
 * POST /review. DESIGN §7.5: the rating must be a whole number 1–5.
 * name and img are taken from the signed-in user on the server; they are accepted but ignored.
 */
export const createReviewSchema = z.object({
  // Numeric strings from form inputs are fine; booleans, null and arrays are not numbers (z.coerce would turn true into 1).
  review: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ message: 'Rating must be a number' })
      .int('Rating must be a whole number between 1 and 5')
      .min(1, 'Rating must be a whole number between 1 and 5')
      .max(5, 'Rating must be a whole number between 1 and 5'),
  ),
  description: z.string().trim().min(1, 'Please write a few words about your experience').max(1000),
  img: z.string().optional(),
  name: z.string().optional(),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;
