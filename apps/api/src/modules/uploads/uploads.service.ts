import { and, eq } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { UPLOAD_WIDTHS, uploadUrl, type UploadResponse } from '@shop/shared';
import type { Db } from '../../db/client';
import { images, imageVariants } from '../../db/schema';
import { DomainError, NotFoundError, isUuid } from '../../lib/errors';

export type ImageType = 'png' | 'jpeg' | 'webp';

/**
 * The type is read from the file's first bytes, never from its name or the
 * browser's claim: an SVG or an HTML page renamed to .png is refused here,
 * before any decoder sees it.
 */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export class UnsupportedImageError extends DomainError {
  constructor(message = 'Only PNG, JPEG or WebP pictures can be uploaded.') {
    super(415, 'UNSUPPORTED_IMAGE_TYPE', message);
  }
}

/** A decompression bomb (a tiny file that unpacks to gigapixels) is refused before it fills memory. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * sharp (libvips, a native library of its own) is loaded on the first upload, not at start:
 * it was about a tenth of the start time and of the idle memory of a shop that rarely uploads (decision 141).
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

async function encodeVariants(bytes: Buffer) {
  // Outside the try below: a sharp that cannot load is a server fault (500), not a bad picture.
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new UnsupportedImageError('This file could not be read as a picture. Upload a PNG, JPEG or WebP image.');
  }
  if (!meta.width || !meta.height) throw new UnsupportedImageError('This file could not be read as a picture. Upload a PNG, JPEG or WebP image.');
  try {
    const variants = await Promise.all(
      UPLOAD_WIDTHS.map(async (width) => {
        const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate() // honour the camera's orientation flag; the metadata itself is dropped
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        return { width, data };
      }),
    );
    // After the EXIF rotation a portrait photo's width and height swap.
    const rotated = (meta.orientation ?? 1) >= 5;
    return { variants, width: rotated ? meta.height : meta.width, height: rotated ? meta.width : meta.height };
  } catch {
    throw new UnsupportedImageError('This picture is damaged or too large to process. Upload a PNG, JPEG or WebP image.');
  }
}

/**
 * Store an uploaded picture as WebP in every width; answers where to find it. `id`: a name the caller chose (a feed's
 * picture is named by its address, decision 214); by default a random one.
 */
export async function storeImage(db: Db, bytes: Buffer, uploadedBy: string | null, id?: string): Promise<UploadResponse> {
  const type = sniffImageType(bytes);
  if (!type) throw new UnsupportedImageError();
  const { variants, width, height } = await encodeVariants(bytes);
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({ ...(id ? { id } : {}), sourceType: type, width, height, sourceBytes: bytes.length, uploadedBy })
      .returning({ id: images.id });
    await tx.insert(imageVariants).values(variants.map((v) => ({ imageId: row.id, width: v.width, data: v.data, bytes: v.data.length })));
    return row.id;
  });
  return { url: uploadUrl(stored), id: stored, width, height };
}

const VARIANT_FILE = /^(\d{2,5})\.webp$/;
const notFound = () => new NotFoundError('No picture at this address.', 'IMAGE_NOT_FOUND');

export async function readImageVariant(db: Db, id: string, file: string): Promise<Buffer> {
  const match = VARIANT_FILE.exec(file);
  if (!isUuid(id) || !match) throw notFound();
  const [row] = await db
    .select({ data: imageVariants.data })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, Number(match[1]))));
  if (!row) throw notFound();
  return row.data;
}
