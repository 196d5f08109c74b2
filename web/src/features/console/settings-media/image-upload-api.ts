import { UploadedImageSchema, type ImagePurpose, type UploadedImage } from '#domain/practice/practice-images.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { csrfHeader } from '../console-request.ts';

/** `POST /api/v1/staff/settings/images` (ADR 0084): the resized picture; the answer's `url` goes in the settings. */
export function uploadImage(csrfToken: string, purpose: ImagePurpose, data: string): Promise<UploadedImage> {
  return apiResult({
    method: 'POST',
    path: '/staff/settings/images',
    body: { purpose, data },
    result: UploadedImageSchema,
    headers: csrfHeader(csrfToken),
  });
}
