import { readImageHeader } from '#domain/practice/image-header.ts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIZE,
  mediaPathOf,
  type ImageUploadBody,
  type UploadedImage,
} from '#domain/practice/practice-images.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { insertPracticeImage } from './practice-images-repository.ts';

// The console's own words (not patient-facing): the owner reads them next to the picture they chose.
const NOT_AN_IMAGE = 'must be a PNG, JPEG or WebP image';

/**
 * Checks an uploaded image by its own bytes (ADR 0084): at most 200 KB (413), a PNG, JPEG or WebP no larger
 * than its purpose allows (422), and stores it with the practice's data. The answer's URL is on our origin.
 */
export async function storePracticeImage(
  deps: { db: Database; clock: Clock },
  who: { practiceId: string; accountId: string | null },
  body: ImageUploadBody,
): Promise<UploadedImage> {
  const bytes = Buffer.from(body.data, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The image is larger than 200 KB: resize it first.');
  const header = readImageHeader(bytes);
  if (!header) throw AppError.validation(`The image ${NOT_AN_IMAGE}.`, { data: NOT_AN_IMAGE });
  const max = IMAGE_MAX_SIZE[body.purpose];
  if (header.width > max.width || header.height > max.height) {
    const problem = `must be at most ${max.width}×${max.height} pixels, not ${header.width}×${header.height}`;
    throw AppError.validation(`The image ${problem}.`, { data: problem });
  }
  const id = await insertPracticeImage(deps.db, {
    practiceId: who.practiceId,
    purpose: body.purpose,
    ...header,
    bytes,
    at: deps.clock.now(),
    by: who.accountId,
  });
  return {
    url: mediaPathOf(who.practiceId, id, header.type),
    content_type: header.type,
    width: header.width,
    height: header.height,
    bytes: bytes.length,
  };
}
