import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { ImagePurpose, UploadedImage } from '#domain/practice/practice-images.ts';
import { useStaffSession } from '../staff-session-context.ts';
import { uploadImage } from './image-upload-api.ts';
import { base64Of, resizeImage } from './resize-image.ts';

interface ImageUploadFieldProps {
  purpose: ImagePurpose;
  /** "Photo of Dr. Ruiz", "Logo": the field's label. */
  label: string;
  /** The picture's URL now (a provider's `profile_pic`, the practice's `logo`), shown beside the button. */
  value: string | null;
  /** The uploaded picture's URL, for the settings form to save (the upload alone changes no setting). */
  onUploaded: (url: string) => void;
}

/**
 * Picks a picture, resizes it in the browser (a canvas, ADR 0084) and uploads it; the settings page saves the
 * URL it answers with the rest of the settings. Pending and error state come from the mutation.
 */
export function ImageUploadField({ purpose, label, value, onUploaded }: ImageUploadFieldProps) {
  const session = useStaffSession();
  const inputId = useId();
  const upload = useMutation({
    mutationFn: async (file: File): Promise<UploadedImage> =>
      uploadImage(session.csrf_token, purpose, await base64Of(await resizeImage(file, purpose))),
    onSuccess: (image) => onUploaded(image.url),
  });
  return (
    <div className="flex items-center gap-3">
      {value && <img src={value} alt="" className="h-16 w-16 rounded object-contain" />}
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = '';
        }}
      />
      {upload.isPending && <p role="status">Uploading…</p>}
      {upload.error && (
        <p role="alert" className="text-red-800">
          {upload.error.message}
        </p>
      )}
    </div>
  );
}
