/**
 * Image rules without zod (decision 107): cards and part pages build `srcset`s on every public page.
 * `schemas/upload.ts` re-exports them.
 */
/** Uploads (issue #8, part 3): PNG, JPEG or WebP up to 5 MB, served as WebP in these widths. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const UPLOAD_WIDTHS = [320, 640, 960, 1280] as const;
/** The width the answer's `url` points at: sharp enough for the purchase page, light enough for a card. */
export const UPLOAD_DEFAULT_WIDTH = 960;

const UPLOAD_URL = /^\/api\/uploads\/([0-9a-f-]{36})\/\d+\.webp$/i;

export const uploadUrl = (id: string, width: number = UPLOAD_DEFAULT_WIDTH) => `/api/uploads/${id}/${width}.webp`;

/** For an image of ours, every width as an `srcset`; undefined for any other address. */
export function uploadSrcSet(url: string): string | undefined {
  const match = UPLOAD_URL.exec(url);
  if (!match) return undefined;
  return UPLOAD_WIDTHS.map((w) => `${uploadUrl(match[1], w)} ${w}w`).join(', ');
}
