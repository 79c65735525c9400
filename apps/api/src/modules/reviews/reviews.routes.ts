import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  DISPLAY_NAME_MAX,
  REVIEWS_DEFAULT_LIMIT,
  REVIEWS_UNPAGED_MAX,
  createReviewSchema,
  errorResponseSchema,
  isAllowedPhotoUrl,
  reviewListSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewSchema,
  reviewableProductListSchema,
  type Review,
  type ReviewPage,
  type ReviewableProduct,
} from '@shop/shared';
import { reviewsCopy } from '@shop/shared/copy/reviews';
import { orders, products, reviews, user as user_ } from '../../db/schema';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { isUniqueViolation } from '../products/products.service';
import { sendCached } from '../catalog-cache/catalog-cache.plugin';

const DEFAULT_AVATAR = '/images/avatar-default.svg';
/** An order that counts as bought and paid for (decision 151): paid or delivered, and not one the shop owes a refund for. */
const PAID_STATUSES = ['paid', 'delivered'];

function toReviewDto(row: typeof reviews.$inferSelect): Review {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    description: row.description,
    review: row.rating,
    createdAt: row.createdAt.toISOString(),
    productId: row.productId,
    productName: row.productName,
    verifiedPurchase: row.verifiedPurchase,
  };
}

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)] as const;

/** One page of reviews, newest first, with the total: all of them, or one part's. */
async function reviewPage(db: Db, page: number, limit: number, productId: string | undefined): Promise<ReviewPage> {
  const where = productId ? eq(reviews.productId, productId) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  const n = Number(total);
  return { items: rows.map(toReviewDto), total: n, page, limit, pages: Math.ceil(n / limit) };
}

/** The paid orders of this customer (decision 151) whose part has no review of theirs yet. */
const paidByCustomer = (userId: string) =>
  and(eq(orders.userId, userId), inArray(orders.status, PAID_STATUSES), eq(orders.refundDue, false), isNotNull(orders.productId));

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: `The spec's list: the newest ${REVIEWS_UNPAGED_MAX} reviews, oldest first (the home page shows the newest 20); with ?page=&limit= (and ?productId=) one page, newest first, with the total`,
        querystring: reviewPageQuerySchema,
        response: { 200: z.union([reviewListSchema, reviewPageSchema]), 400: errorResponseSchema },
      },
    },
    // Served from the catalogue cache with an ETag (decision 100).
    async (req, reply) => {
      const { page, limit, productId } = req.query;
      if (page === undefined && limit === undefined && productId === undefined) {
        return sendCached(
          req,
          reply,
          await app.catalogCache.get('reviews', 'reviews', async () => {
            // Bounded (issue #22): the newest REVIEWS_UNPAGED_MAX, in the spec's order (oldest first; the home reverses it).
            const rows = await app.db
              .select()
              .from(reviews)
              .orderBy(...newestFirst)
              .limit(REVIEWS_UNPAGED_MAX);
            return rows.reverse().map(toReviewDto);
          }),
        );
      }
      const p = page ?? 1;
      const l = limit ?? REVIEWS_DEFAULT_LIMIT;
      return sendCached(
        req,
        reply,
        await app.catalogCache.get(`reviews?page=${p}&limit=${l}&productId=${productId ?? ''}`, 'reviews', () => reviewPage(app.db, p, l, productId)),
      );
    },
  );

  app.get(
    '/reviews/reviewable',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reviews'],
        summary: 'The parts you bought and paid for and have not reviewed yet (what the review form offers)',
        security: [{ bearerAuth: [] }],
        response: { 200: reviewableProductListSchema, 401: errorResponseSchema },
      },
    },
    async (req): Promise<ReviewableProduct[]> => {
      const user = req.user!;
      const rows = await app.db
        .selectDistinctOn([products.id], { productId: products.id, name: products.name })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .leftJoin(reviews, and(eq(reviews.productId, products.id), eq(reviews.userId, user.id)))
        .where(and(paidByCustomer(user.id), isNull(reviews.id)))
        .orderBy(asc(products.id));
      return rows.sort((a, b) => a.name.localeCompare(b.name, 'en'));
    },
  );

  app.post(
    '/review',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reviews'],
        summary:
          'Add a review as the signed-in user (name and photo come from the account) of a part you bought and paid for, one per part (decision 151); needs a verified e-mail address',
        security: [{ bearerAuth: [] }],
        body: createReviewSchema,
        response: {
          201: reviewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      if (!user.emailVerified) throw new ForbiddenError(reviewsCopy.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      const { productId } = req.body;
      try {
        const row = await app.db.transaction(async (tx) => {
          // The customer's row serialises their reviews, so two at once cannot both pass the check below.
          await tx.select({ id: user_.id }).from(user_).where(eq(user_.id, user.id)).for('update');
          const [product] = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId));
          if (!product) throw new NotFoundError(reviewsCopy.productNotFound, 'PRODUCT_NOT_FOUND');
          const [bought] = await tx
            .select({ one: sql<number>`1` })
            .from(orders)
            .where(and(paidByCustomer(user.id), eq(orders.productId, productId)))
            .limit(1);
          if (!bought) throw new ForbiddenError(reviewsCopy.notBought, 'NOT_BOUGHT');
          const [earlier] = await tx
            .select({ id: reviews.id })
            .from(reviews)
            .where(and(eq(reviews.userId, user.id), eq(reviews.productId, productId)));
          if (earlier) throw alreadyReviewed();
          const [inserted] = await tx
            .insert(reviews)
            .values({
              userId: user.id,
              // Accounts from before the limits (issue #7) may hold anything: only a safe copy reaches the public page.
              name: (user.name.trim() || user.email.split('@')[0]).slice(0, DISPLAY_NAME_MAX),
              img: user.image && isAllowedPhotoUrl(user.image) ? user.image : DEFAULT_AVATAR,
              description: req.body.description,
              rating: req.body.review,
              productId: product.id,
              productName: product.name,
              verifiedPurchase: true,
            })
            .returning();
          return inserted;
        });
        return reply.status(201).send(toReviewDto(row));
      } catch (err) {
        // The unique index is the backstop (reviews_user_product_unique).
        if (isUniqueViolation(err)) throw alreadyReviewed();
        throw err;
      }
    },
  );
};

const alreadyReviewed = () => new ConflictError(reviewsCopy.alreadyReviewed, 'REVIEW_EXISTS');
