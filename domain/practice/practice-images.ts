import { z } from 'zod';

/**
 * A practice's images (ADR 0084): a provider's photo and the practice's logo, resized in the browser and
 * uploaded to `POST /api/v1/staff/settings/images`, stored in the practice's database rows and served from
 * our own origin at `/media/{practice}/{image}.{png|jpg|webp}`, never changed (a new upload is a new URL).
 */
export const IMAGE_PURPOSES = ['provider_photo', 'logo'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** The largest picture each purpose takes, in pixels: twice what the booking page shows, for sharp screens. */
export const IMAGE_MAX_SIZE: Record<ImagePurpose, { width: number; height: number }> = {
  provider_photo: { width: 512, height: 512 },
  logo: { width: 1024, height: 512 },
};

/** At most 200 KB once decoded: a 512×512 photo is well under it as JPEG or WebP. */
export const IMAGE_MAX_BYTES = 200 * 1024;
/** The upload's body: the image in base64 (4 characters per 3 bytes) and a little JSON around it. */
export const IMAGE_UPLOAD_BODY_LIMIT = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 1024;

export const IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type ImageType = keyof typeof IMAGE_TYPES;

export const ImageUploadBodySchema = z.strictObject({
  purpose: z.enum(IMAGE_PURPOSES),
  /** The image's bytes in base64 (PNG, JPEG or WebP: the server reads what it is from them). */
  data: z.base64('must be the image in base64').min(1, 'must be the image in base64'),
});
export type ImageUploadBody = z.infer<typeof ImageUploadBodySchema>;

export const UploadedImageSchema = z.object({
  /** On our own origin: the value of a provider's `profile_pic` or the practice's `logo`. */
  url: z.string(),
  content_type: z.enum(Object.keys(IMAGE_TYPES) as [ImageType, ...ImageType[]]),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `/media/{practice id}/{image id}.{png|jpg|webp}`: the only image path of our own a practice file may name. */
export const MEDIA_PATH_PATTERN = new RegExp(`^/media/(${UUID})/(${UUID})\\.(png|jpg|webp)$`);

export const mediaPathOf = (practiceId: string, imageId: string, type: ImageType) =>
  `/media/${practiceId}/${imageId}.${IMAGE_TYPES[type]}`;
