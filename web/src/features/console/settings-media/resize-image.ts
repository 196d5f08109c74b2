import { IMAGE_MAX_BYTES, IMAGE_MAX_SIZE, type ImagePurpose } from '#domain/practice/practice-images.ts';

/** WebP first (smallest); each try lower until the file fits 200 KB (ADR 0084). */
const QUALITIES = [0.85, 0.7, 0.5];

/** The size a picture is drawn at: its own, or scaled down (never up) to fit its purpose's box. */
export function fittedSize(width: number, height: number, purpose: ImagePurpose): { width: number; height: number } {
  const max = IMAGE_MAX_SIZE[purpose];
  const scale = Math.min(1, max.width / width, max.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A canvas of that size and its encoder: an OffscreenCanvas where the browser has one, else a page canvas. */
function canvasOf(width: number, height: number) {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    return {
      context: canvas.getContext('2d'),
      encode: (quality: number) => canvas.convertToBlob({ type: 'image/webp', quality }),
    };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return {
    context: canvas.getContext('2d'),
    encode: (quality: number) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', quality)),
  };
}

/**
 * The picture the owner chose, resized in the browser to its purpose's box and encoded (WebP, or what the
 * browser encodes instead: the server reads the type from the bytes), small enough to upload. Throws on a file
 * the browser cannot read as an image.
 */
export async function resizeImage(file: Blob, purpose: ImagePurpose): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const size = fittedSize(bitmap.width, bitmap.height, purpose);
  const { context, encode } = canvasOf(size.width, size.height);
  if (!context) throw new Error('This browser cannot draw images.');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  for (const quality of QUALITIES) {
    const blob = await encode(quality);
    if (blob && blob.size <= IMAGE_MAX_BYTES) return blob;
  }
  throw new Error('The picture is still larger than 200 KB once resized: choose a simpler one.');
}

/** The blob's bytes in base64, as the upload takes them (a data URL without its `data:…;base64,` head). */
export function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });
}
