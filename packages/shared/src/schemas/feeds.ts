import { z } from 'zod';
import { skuKey } from '../catalog';

/**
 * Issue #35 items 3–5 (decision 201): the records the PIES (product) and ACES (fitment) feed readers yield, and the
 * data-quality report shown before a feed is committed. The readers live in apps/api/src/modules/feeds; the admin
 * page reads the report with these schemas.
 */

export const FEED_KINDS = ['pies', 'aces'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** FULL: the feed is everything the brand sells (or fits); UPDATE: it adds, changes and deletes only its rows. */
export const FEED_SUBMISSION_TYPES = ['FULL', 'UPDATE'] as const;
export type FeedSubmissionType = (typeof FEED_SUBMISSION_TYPES)[number];

/** A report section lists at most this many examples; its count is the whole number. */
export const FEED_REPORT_EXAMPLES_MAX = 10;

/**
 * The key of a part in a feed: its brand (case-insensitive) and its number as `skuKey` reads it, so "ABC-123" and
 * "abc 123" of one brand are one part.
 */
export const feedPartKey = (brand: string, partNumber: string) => `${brand.trim().toLowerCase()}|${skuKey(partNumber.trim())}`;

/** Something wrong with one value of one record ("Qty must be a whole number of 1 or more"). */
export const feedProblemSchema = z.object({
  /** The feed's element or attribute ("Qty", "Price", "Years@from"). */
  field: z.string(),
  message: z.string(),
});
export type FeedProblem = z.infer<typeof feedProblemSchema>;

// ---------------------------------------------------------------- PIES

export const piesHeaderSchema = z.object({
  /** `PIESVersion` ("7.2"), null when the header does not say. */
  version: z.string().nullable(),
  submissionType: z.enum(FEED_SUBMISSION_TYPES),
  /** `BrandOwnerAAIAID` / `BrandAAIAID` of the header: the brand of items that name none. */
  brandAaiaId: z.string().nullable(),
  line: z.number().int(),
});
export type PiesHeader = z.infer<typeof piesHeaderSchema>;

export const piesPriceBreakSchema = z.object({ minQty: z.number().int(), priceCents: z.number().int() });
export const piesInterchangeSchema = z.object({
  brandAaiaId: z.string().nullable(),
  brandLabel: z.string().nullable(),
  partNumber: z.string(),
});
export const piesImageSchema = z.object({
  /** `URI`: the address to fetch; null when the feed names only a file (sent apart). */
  url: z.string().nullable(),
  fileName: z.string().nullable(),
  /** `AssetType` ("P04" a photo, "LGO" a logo…), as the feed says it. */
  assetType: z.string().nullable(),
});
export const piesKitComponentSchema = z.object({
  partNumber: z.string(),
  brand: z.string().nullable(),
  quantity: z.number().int(),
});

export const piesItemSchema = z.object({
  /** The line of the `<Item>` tag. */
  line: z.number().int(),
  /** `Item@MaintenanceType`: A add, C change, D delete (null: not given, read as A). */
  maintenanceType: z.string().nullable(),
  partNumber: z.string(),
  /** The brand the shop keys the part by: `BrandLabel`, else `BrandAAIAID`, else the header's. */
  brand: z.string(),
  brandAaiaId: z.string().nullable(),
  brandLabel: z.string().nullable(),
  /** `Description` DES, else SHO. */
  name: z.string().nullable(),
  /** `Description` EXT, else MKT. */
  description: z.string().nullable(),
  /** `Pricing` LST (else RET) without a price break above one, in cents of `currency`, per `priceUom`. */
  listPriceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  priceUom: z.string().nullable(),
  /** The same price type's `Pricing` rows with a `PriceBreak` quantity above one, by quantity. */
  priceBreaks: z.array(piesPriceBreakSchema),
  minOrder: z.number().int().nullable(),
  /** The package of one (else the first), converted to whole grams and millimetres. */
  weightGrams: z.number().int().nullable(),
  dimensionsMm: z.object({ length: z.number().int(), width: z.number().int(), height: z.number().int() }).nullable(),
  interchange: z.array(piesInterchangeSchema),
  images: z.array(piesImageSchema),
  kitComponents: z.array(piesKitComponentSchema),
  /** `PartTerminologyID` (the PCdb part type), kept for mapping to a shop category. */
  partTerminologyId: z.string().nullable(),
  gtin: z.string().nullable(),
  /**
   * Decision 217: `ExtendedInformation/ExtendedProductInformation@EXPICode="LIF"`, the PIES life-cycle status code
   * (0 proposed … 5 temporarily unavailable, 6 renumbered, 7 superseded, 8 discontinued, 9 obsolete, A available only
   * while supplies last); null when the item gives none. Optional: items staged before it was read have none.
   */
  lifeCycle: z.string().nullable().optional(),
  problems: z.array(feedProblemSchema),
});
export type PiesItem = z.infer<typeof piesItemSchema>;

/** The PIES life-cycle codes (EXPI LIF) the shop reads. */
export const PIES_LIFE_CYCLE_CODES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A'] as const;
/** Decision 217: renumbered, superseded, discontinued, obsolete, available only while supplies last: no more will come. */
export const PIES_DISCONTINUING_CODES: readonly string[] = ['6', '7', '8', '9', 'A'];

// ---------------------------------------------------------------- ACES

export const acesHeaderSchema = z.object({
  /** `ACES@version` ("4.2"). */
  version: z.string().nullable(),
  submissionType: z.enum(FEED_SUBMISSION_TYPES),
  company: z.string().nullable(),
  brandAaiaId: z.string().nullable(),
  line: z.number().int(),
});
export type AcesHeader = z.infer<typeof acesHeaderSchema>;

export const acesAppSchema = z.object({
  line: z.number().int(),
  action: z.enum(['A', 'D']),
  /** `App@id`, the sender's application id (the fitment line's `source_ref`). */
  id: z.string().nullable(),
  /** `BaseVehicle@id` (a VCdb id, or the external id of the shop's vehicle table). */
  baseVehicleId: z.string().nullable(),
  yearFrom: z.number().int().nullable(),
  yearTo: z.number().int().nullable(),
  /** `Make`, `Model`, `SubModel`: their text, or null when only an id is given. */
  make: z.string().nullable(),
  makeId: z.string().nullable(),
  model: z.string().nullable(),
  modelId: z.string().nullable(),
  subModel: z.string().nullable(),
  subModelId: z.string().nullable(),
  qty: z.number().int().nullable(),
  /** The position in the shop's words ("front left", normalizePosition), null when unknown or not given. */
  position: z.string().nullable(),
  /** `Position` as the feed says it: its text and its PCdb id. */
  positionText: z.string().nullable(),
  positionId: z.string().nullable(),
  notes: z.array(z.string()),
  partNumber: z.string(),
  /** `Part@BrandAAIAID`, else the header's `BrandAAIAID`. */
  brand: z.string(),
  mfrLabel: z.string().nullable(),
  partTypeId: z.string().nullable(),
  problems: z.array(feedProblemSchema),
});
export type AcesApp = z.infer<typeof acesAppSchema>;

// ---------------------------------------------------------------- report

export const feedReportExampleSchema = z.object({
  line: z.number().int().nullable(),
  brand: z.string().nullable(),
  partNumber: z.string().nullable(),
  /** The vehicle as the feed names it ("BaseVehicle 5911", "2019 Yamaha MT-07 ABS"). */
  vehicle: z.string().nullable(),
  position: z.string().nullable(),
  message: z.string(),
});
export type FeedReportExample = z.infer<typeof feedReportExampleSchema>;

export const feedReportSectionSchema = z.object({
  count: z.number().int(),
  examples: z.array(feedReportExampleSchema),
});
export type FeedReportSection = z.infer<typeof feedReportSectionSchema>;

export const FEED_REPORT_SECTIONS = ['invalid', 'duplicates', 'overlaps', 'unknownVehicles', 'unknownParts', 'missingFromFull'] as const;
export type FeedReportSectionName = (typeof FEED_REPORT_SECTIONS)[number];

export const FEED_REPORT_SECTION_LABELS: Record<FeedReportSectionName, string> = {
  invalid: 'Invalid values',
  duplicates: 'Duplicates',
  overlaps: 'Overlaps',
  unknownVehicles: 'Unknown vehicles',
  unknownParts: 'Unknown parts',
  missingFromFull: 'In the shop, missing from the full feed',
};

export const feedReportSchema = z.object({
  kind: z.enum(FEED_KINDS),
  submissionType: z.enum(FEED_SUBMISSION_TYPES),
  version: z.string().nullable(),
  /** The header's brand (AAIA id), null when it names none. */
  brand: z.string().nullable(),
  /** Items (PIES) or applications (ACES) read. */
  records: z.number().int(),
  /** Records to add or change, and to delete (Item@MaintenanceType D, App@action D). */
  adds: z.number().int(),
  deletes: z.number().int(),
  /** The count the trailer (PIES `ItemCount`) or footer (ACES `RecordCount`) declares, null when absent. */
  declaredCount: z.number().int().nullable(),
  sections: z.object({
    invalid: feedReportSectionSchema,
    duplicates: feedReportSectionSchema,
    overlaps: feedReportSectionSchema,
    unknownVehicles: feedReportSectionSchema,
    unknownParts: feedReportSectionSchema,
    missingFromFull: feedReportSectionSchema,
  }),
  /** What the import does apart from the sections, in words ("2 new parts have no category: filed under Accessories"). */
  notes: z.array(z.string()).optional(),
});
export type FeedReport = z.infer<typeof feedReportSchema>;

/** How many problems the report holds in all (0: the feed is clean). */
export const feedReportProblemCount = (report: FeedReport) => FEED_REPORT_SECTIONS.reduce((n, s) => n + report.sections[s].count, 0);
