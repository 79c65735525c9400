import { z } from 'zod';
import { FIT_LIST_PAGE_SIZE } from '../fitment-list';

/** GET /product/{id}/fitment (issue #35, decision 217): one page of a part's fit list, optionally one make's. */
export const fitmentListQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page must be 100000 or less')
    .default(1),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(100, 'limit must be 100 or less')
    .default(FIT_LIST_PAGE_SIZE),
  /** Only this make's models (any case); empty: every make. */
  make: z.string().trim().max(60, 'make must be 60 characters or fewer').optional(),
});
export type FitmentListQuery = z.infer<typeof fitmentListQuerySchema>;

const fitmentGroupSchema = z.object({
  make: z.string(),
  models: z.array(
    z.object({
      model: z.string(),
      variant: z.string().optional(),
      years: z.string(),
      details: z.string().optional(),
    }),
  ),
});

export const fitmentListPageSchema = z.object({
  /** Every application of the part (all makes): rows of its fitment. */
  applications: z.number().int(),
  /** Every make the part fits, A to Z, with its models (entries) and applications. */
  makes: z.array(z.object({ make: z.string(), models: z.number().int(), applications: z.number().int() })),
  /** The make asked for (as the shop spells it when the part fits it; a make it does not fit has 0 entries); null: every make. */
  make: z.string().nullable(),
  /** Model entries of the list (of the make asked for). */
  entries: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** This page's entries under their makes; empty past the last page. */
  groups: z.array(fitmentGroupSchema),
  /** A universal part fits every bike and lists none. */
  universal: z.boolean(),
});
export type FitmentListPage = z.infer<typeof fitmentListPageSchema>;
