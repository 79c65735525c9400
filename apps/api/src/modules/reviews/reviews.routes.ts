import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { DISPLAY_NAME_MAX, createReviewSchema, errorResponseSchema, isAllowedPhotoUrl, reviewListSchema, reviewSchema, type Review } from '@shop/shared';
import { reviews } from '../../db/schema';
import { sendCached } from '../catalog-cache/catalog-cache.plugin';

const DEFAULT_AVATAR = '/images/avatar-default.svg';

function toReviewDto(row: typeof reviews.$inferSelect): Review {
  return { _id: row.id, name: row.name, img: row.img, description: row.description, review: row.rating, createdAt: row.createdAt.toISOString() };
}

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reviews',
    { schema: { tags: ['reviews'], summary: 'All reviews, oldest first (the home page shows the newest 20)', response: { 200: reviewListSchema } } },
    // Served from the catalogue cache with an ETag (decision 100).
    async (req, reply) =>
      sendCached(
        req,
        reply,
        await app.catalogCache.get('reviews', 'reviews', async () => {
          const rows = await app.db.select().from(reviews).orderBy(asc(reviews.createdAt), asc(reviews.id));
          return rows.map(toReviewDto);
        }),
      ),
  );

  app.post(
    '/review',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['reviews'],
        summary: 'Add a review as the signed-in user (name and photo come from the account)',
        security: [{ bearerAuth: [] }],
        body: createReviewSchema,
        response: { 201: reviewSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const [row] = await app.db
        .insert(reviews)
        .values({
          userId: user.id,
          // Accounts from before the limits (issue #7) may hold anything: only a safe copy reaches the public page.
          name: (user.name.trim() || user.email.split('@')[0]).slice(0, DISPLAY_NAME_MAX),
          img: user.image && isAllowedPhotoUrl(user.image) ? user.image : DEFAULT_AVATAR,
          description: req.body.description,
          rating: req.body.review,
        })
        .returning();
      return reply.status(201).send(toReviewDto(row));
    },
  );
};
