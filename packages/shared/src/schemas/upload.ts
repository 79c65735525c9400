import { z } from 'zod';
import { UPLOAD_ACCEPTED_TYPES, UPLOAD_DEFAULT_WIDTH, UPLOAD_MAX_BYTES, UPLOAD_WIDTHS, uploadSrcSet, uploadUrl } from '../images';

export { UPLOAD_ACCEPTED_TYPES, UPLOAD_DEFAULT_WIDTH, UPLOAD_MAX_BYTES, UPLOAD_WIDTHS, uploadSrcSet, uploadUrl };

export const uploadResponseSchema = z.object({
  url: z.string(),
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadVariantParamsSchema = z.object({
  id: z.string().max(100),
  file: z.string().max(40),
});
