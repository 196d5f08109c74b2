import { describe, expect, it } from 'vitest';
import { jpegOf, pngOf, webpOf } from '#domain/practice/image-files.test-data.ts';
import { practiceConfig } from '../../test/practice-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../test/staff-test-app.ts';
import { fixedClock } from '../../test/test-app.ts';

// Photos and logos uploaded from the console (ADR 0084): checked by their bytes, kept in the database,
// served from our own origin, and named by the settings like any picture's URL.
const ctx = withPracticesApp([practiceConfig()], { clock: fixedClock('2026-03-02T12:00:00Z') });
const owner = withSignedInStaff(ctx, 'owner');
const desk = withSignedInStaff(ctx, 'front_desk');

const upload = (purpose: string, bytes: Buffer, client = owner) =>
  client.post('/api/v1/staff/settings/images', { purpose, data: bytes.toString('base64') });

describe('POST /api/v1/staff/settings/images', () => {
  it('stores a photo and serves it from our origin as the image it is, immutable and nosniff', async () => {
    const photo = pngOf(40, 30);
    const answer = await upload('provider_photo', photo);
    expect(answer.statusCode, answer.body).toBe(201);
    const image = answer.json().result;
    expect(image).toMatchObject({ content_type: 'image/png', width: 40, height: 30, bytes: photo.length });
    expect(image.url).toMatch(new RegExp(`^/media/${ctx.practiceId}/[0-9a-f-]{36}\\.png$`));

    const served = await ctx.app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(photo)).toBe(true);
  });

  it('is named by the settings, and the patient pages show it', async () => {
    const photo = (await upload('provider_photo', jpegOf(512, 512))).json().result.url;
    const logo = (await upload('logo', webpOf(1000, 400))).json().result.url;
    const { version, practice } = (await owner.get('/api/v1/staff/settings')).json().result;
    practice.logo = logo;
    practice.providers[0].profile_pic = photo;
    const saved = await owner.request({ method: 'PUT', url: '/api/v1/staff/settings', payload: { version, practice } });
    expect(saved.statusCode, saved.body).toBe(200);

    const form = await ctx.app.inject({ url: '/api/v1/form/test-practice' });
    expect(form.json().result.logo).toBe(logo);
    const reasons = await ctx.app.inject({ url: `/api/v1/reason-for-visit?practice_id=${ctx.practiceId}` });
    expect(reasons.json().result[0].providers[0].profile_pic).toBe(photo);
    expect((await ctx.app.inject({ url: logo })).headers['content-type']).toBe('image/webp');
  });

  it.each([
    ['an SVG (text, not an image of ours)', 'logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 422],
    ['a GIF', 'logo', Buffer.from('GIF89a\x10\x00\x10\x00\x80\x00\x00', 'latin1'), 422],
    ['a photo over 512×512', 'provider_photo', jpegOf(600, 400), 422],
    ['a logo over 1024×512', 'logo', pngOf(1100, 10), 422],
    ['a file just over 200 KB', 'logo', pngOf(10, 10, 204_700), 413],
    ['a body over the upload limit', 'logo', pngOf(10, 10, 210 * 1024), 413],
    ['an unknown purpose', 'banner', pngOf(10, 10), 422],
  ])('refuses %s in the one error shape', async (_name, purpose, bytes, status) => {
    const answer = await upload(purpose, bytes);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({
      success: false,
      code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
    });
  });

  it('names the size it refuses', async () => {
    const answer = await upload('provider_photo', jpegOf(600, 400));
    expect(answer.json().fields).toEqual({ data: 'must be at most 512×512 pixels, not 600×400' });
  });

  it("is the owners': a front desk gets 403", async () => {
    expect((await upload('logo', pngOf(10, 10), desk)).statusCode).toBe(403);
  });
});

describe('GET /media/{practice}/{image}', () => {
  it('answers 404 for another extension, practice or id, without a 500', async () => {
    const { url } = (await upload('logo', pngOf(8, 8))).json().result;
    const otherPractice = url.replace(ctx.practiceId, crypto.randomUUID());
    for (const path of [url.replace('.png', '.webp'), otherPractice, '/media/x/y.png', `${url}.png`]) {
      const answer = await ctx.app.inject({ url: path });
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});
