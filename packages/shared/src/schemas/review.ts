import { z } from 'zod';
import { REVIEWS_MAX_LIMIT } from '../review-limits';

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  review: z.number(),
  createdAt: z.string().optional(),
  /**
   * Issue #22 (decision 151): the part the review is about, bought and paid for by its writer ("Verified purchase").
   * The demo reviews (and reviews from before) have none; a part deleted since keeps its name here and no id.
   */
  productId: z.string().nullable().optional(),
  productName: z.string().nullable().optional(),
  verifiedPurchase: z.boolean().optional(),
});
export type Review = z.infer<typeof reviewSchema>;
/** The spec's unpaged GET /reviews: oldest first, as the spec's home reverses it; bounded to the newest REVIEWS_UNPAGED_MAX. */
export const reviewListSchema = z.array(reviewSchema);

export { REVIEWS_UNPAGED_MAX, REVIEWS_DEFAULT_LIMIT, REVIEWS_MAX_LIMIT } from '../review-limits';

/** GET /reviews?page=&limit=(&productId=): one page, newest first, with the total. */
export const reviewPageQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1_000_000, 'page must be 1000000 or less')
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(REVIEWS_MAX_LIMIT, `limit must be ${REVIEWS_MAX_LIMIT} or less`)
    .optional(),
  /** Only the reviews of this part (the part page). */
  productId: z.string().trim().uuid({ message: 'productId is not a valid product id' }).optional(),
});
export type ReviewPageQuery = z.infer<typeof reviewPageQuerySchema>;

export const reviewPageSchema = z.object({
  items: z.array(reviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** GET /reviews/reviewable: the signed-in customer's paid parts without a review of theirs yet. */
export const reviewableProductSchema = z.object({ productId: z.string(), name: z.string() });
export const reviewableProductListSchema = z.array(reviewableProductSchema);
export type ReviewableProduct = z.infer<typeof reviewableProductSchema>;

/**
 * POST /review. DESIGN §7.5: the rating must be a whole number 1–5.
 * name and img are taken from the signed-in user on the server; they are accepted but ignored.
 * Issue #22 (decision 151): productId, a part of a paid order of the writer's, one review per part.
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
  productId: z.string({ message: 'Please choose the part you are reviewing' }).trim().uuid({ message: 'Please choose the part you are reviewing' }),
  img: z.string().optional(),
  name: z.string().optional(),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;
