import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_TYPES,
  IMAGE_UPLOAD_BODY_LIMIT,
  MEDIA_PATH_PATTERN,
  ImageUploadBodySchema,
  UploadedImageSchema,
  type ImageType,
} from '#domain/practice/practice-images.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../http/route-schemas.ts';
import { audit, STAFF_ERRORS, staffOf } from '../console/staff-session-guard.ts';
import { findPracticeImage } from './practice-images-repository.ts';
import { storePracticeImage } from './practice-images-service.ts';

const upload = {
  summary: "Stores a provider's photo or the practice's logo, resized in the browser; answers its URL",
  tags: ['staff'],
  body: ImageUploadBodySchema,
  response: answers({ 201: okResult(UploadedImageSchema) }, [...STAFF_ERRORS, ...BODY_ERRORS]),
};

const MediaParamsSchema = z.object({ practiceId: z.string().max(100), file: z.string().max(100) });
const media = {
  summary: "A practice's uploaded image (PNG, JPEG or WebP), never changed: cached for a year",
  tags: ['media'],
  params: MediaParamsSchema,
  response: answers({}, [404]),
};

const TYPE_OF_EXTENSION = new Map<string, ImageType>(
  Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type as ImageType]),
);

/** `POST /api/v1/staff/settings/images` (ADR 0084): owners' (permission `settings`), as the rest of branding. */
export function registerPracticeImageUploadRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const config = { staff: { permission: 'settings' as const } };
  staff.post(
    '/settings/images',
    { config, schema: upload, bodyLimit: IMAGE_UPLOAD_BODY_LIMIT },
    async (request, reply) => {
      const me = staffOf(request);
      const image = await storePracticeImage(deps, me, request.body);
      await audit(request, deps, {
        action: 'practice.image',
        targetType: 'practice',
        targetId: me.practiceId,
        details: { purpose: request.body.purpose, url: image.url },
      });
      return reply.code(201).send(ok(image));
    },
  );
}

/**
 * `GET /media/{practice}/{image}.{png|jpg|webp}` (ADR 0084): an uploaded image from the database, so any
 * process serves it. Its URL changes with every upload, so it is cached as immutable; `nosniff` keeps a browser
 * from reading it as anything but the image type it was checked to be.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.withTypeProvider<ZodTypeProvider>().get('/media/:practiceId/:file', { schema: media }, async (request, reply) => {
    // The one pattern the practice file accepts decides what an image's address is.
    const path = `/media/${request.params.practiceId}/${request.params.file}`;
    const [, practiceId, imageId, extension] = MEDIA_PATH_PATTERN.exec(path) ?? [];
    const type = TYPE_OF_EXTENSION.get(extension ?? '');
    const image = type ? await findPracticeImage(deps.db, practiceId!, imageId!, type) : null;
    if (!image) throw new AppError(404, 'NOT_FOUND', 'No such image.');
    // The answer is the image's bytes, not a JSON envelope: the schema describes only its errors.
    return (reply as FastifyReply)
      .type(image.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  });
}
