/** Spec section 9: each fingerprint part gives up after 1000 ms. */
export const FINGERPRINT_TIMEOUT_MS = 1_000;

let pending: Promise<string | null> | null = null;

/**
 * The ThumbmarkJS hash of this browser, screen data excluded (spec section 7), computed once per
 * page. Only our own server receives it: no API key, and the library's sampled logging to its
 * vendor is switched off. Null when the browser will not give one.
 */
export function deviceFingerprint(): Promise<string | null> {
  pending ??= (async () => {
    try {
      const { Thumbmark } = await import('@thumbmarkjs/thumbmarkjs');
      // The permissions part already asks three times and keeps the majority answer (the spec's 3 retries).
      const result = await new Thumbmark({
        exclude: ['screen'],
        timeout: FINGERPRINT_TIMEOUT_MS,
        logging: false,
      }).get();
      return result.thumbmark || null;
    } catch {
      return null;
    }
  })();
  return pending;
}
