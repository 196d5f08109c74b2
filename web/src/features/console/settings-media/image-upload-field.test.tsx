import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, callsTo, serveStaffApi } from '../console-test-kit.tsx';
import { StaffSessionContext } from '../staff-session-context.ts';
import { ImageUploadField } from './image-upload-field.tsx';
import { fittedSize } from './resize-image.ts';
import { stubCanvas } from './image-canvas.test-data.ts';

const UPLOAD = '/api/v1/staff/settings/images';
const URL_OF_IMAGE = '/media/11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222.webp';

function renderField(onUploaded = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StaffSessionContext.Provider value={buildSession()}>
        <ImageUploadField purpose="provider_photo" label="Photo of Dr. Ruiz" value={null} onUploaded={onUploaded} />
      </StaffSessionContext.Provider>
    </QueryClientProvider>,
  );
  return onUploaded;
}

const aPhoto = () => new File([new Uint8Array([1, 2, 3])], 'me.jpg', { type: 'image/jpeg' });

describe('ImageUploadField (ADR 0084)', () => {
  it('resizes the picture in a canvas to fit 512×512 and uploads the WebP, handing on its URL', async () => {
    const canvas = stubCanvas({ width: 2000, height: 1000 }, [1200]);
    const calls = serveStaffApi({
      [`POST ${UPLOAD}`]: () => ({
        result: { url: URL_OF_IMAGE, content_type: 'image/webp', width: 512, height: 256, bytes: 1200 },
      }),
    });
    const onUploaded = renderField();
    await userEvent.setup().upload(screen.getByLabelText('Photo of Dr. Ruiz'), aPhoto());

    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(URL_OF_IMAGE));
    expect(canvas.drawn).toEqual([{ canvas: [512, 256], args: [canvas.bitmap, 0, 0, 512, 256] }]);
    expect(canvas.bitmap.close).toHaveBeenCalled();
    const [call] = callsTo(calls, UPLOAD);
    expect(call!.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(call!.body).toEqual({
      purpose: 'provider_photo',
      data: btoa(String.fromCharCode(...new Array(1200).fill(7))),
    });
  });

  it('tries a lower quality until the file fits 200 KB', async () => {
    const canvas = stubCanvas({ width: 400, height: 400 }, [300_000, 250_000, 150_000]);
    serveStaffApi({
      [`POST ${UPLOAD}`]: () => ({
        result: { url: URL_OF_IMAGE, content_type: 'image/webp', width: 400, height: 400, bytes: 150_000 },
      }),
    });
    const onUploaded = renderField();
    await userEvent.setup().upload(screen.getByLabelText('Photo of Dr. Ruiz'), aPhoto());
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(canvas.qualities).toEqual([0.85, 0.7, 0.5]);
    expect(canvas.drawn[0]!.canvas).toEqual([400, 400]);
  });

  it('shows the server’s refusal and hands nothing on', async () => {
    stubCanvas({ width: 100, height: 100 }, [500]);
    serveStaffApi({
      [`POST ${UPLOAD}`]: () => ({
        status: 422,
        error: { code: 'VALIDATION_FAILED', message: 'The image must be a PNG, JPEG or WebP image.' },
      }),
    });
    const onUploaded = renderField();
    await userEvent.setup().upload(screen.getByLabelText('Photo of Dr. Ruiz'), aPhoto());
    expect((await screen.findByRole('alert')).textContent).toBe('The image must be a PNG, JPEG or WebP image.');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('scales down to the purpose’s box, never up', () => {
    expect(fittedSize(2000, 1000, 'provider_photo')).toEqual({ width: 512, height: 256 });
    expect(fittedSize(3000, 600, 'logo')).toEqual({ width: 1024, height: 205 });
    expect(fittedSize(100, 80, 'logo')).toEqual({ width: 100, height: 80 });
  });
});
