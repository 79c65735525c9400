import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, UPLOAD_MAX_BYTES, uploadResponseSchema, uploadVariantParamsSchema } from '@shop/shared';
import { BadRequestError, DomainError } from '../../lib/errors';
import { readImageVariant, storeImage } from './uploads.service';

const tooLarge = () => new DomainError(413, 'FILE_TOO_LARGE', `The picture is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Upload a smaller file.`);

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here only, so no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/uploads',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['uploads'],
        summary: 'Upload a product picture (admin): multipart field `file`, PNG, JPEG or WebP up to 5 MB; stored as WebP in several widths',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: uploadResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          406: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new DomainError(415, 'MULTIPART_REQUIRED', 'Send the picture as multipart/form-data in the field "file".');
      let bytes: Buffer | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || bytes) {
            part.file.resume();
            continue;
          }
          bytes = await part.toBuffer();
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
        throw new BadRequestError('The upload could not be read. Try again.', 'BAD_MULTIPART');
      }
      if (!bytes) throw new BadRequestError('Choose a picture to upload (field "file").', 'FILE_REQUIRED');
      if (bytes.length === 0) throw new BadRequestError('The file is empty.', 'FILE_EMPTY');
      return reply.status(201).send(await storeImage(app.db, bytes, req.user!.id));
    },
  );

  app.get(
    '/uploads/:id/:file',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded picture in one width, e.g. /api/uploads/{id}/640.webp (public, cached for a year: the content never changes)',
        params: uploadVariantParamsSchema,
        produces: ['image/webp'],
        response: { 200: z.any(), 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const data = await readImageVariant(app.db, req.params.id, req.params.file);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', data.length)
        .send(data);
    },
  );
};
