import type { UserMeta } from '#domain/booking/booking-schemas.ts';

/** Spec section 3: the browser names the visit data reports. */
export type ClientBrowser =
  'Google Chrome' | 'Safari' | 'Mozilla Firefox' | 'Microsoft Edge' | 'Opera' | 'Internet Explorer' | 'Unknown Browser';

/** Order matters: Edge and Opera also say "Chrome", and Chrome also says "Safari". */
export function detectBrowser(userAgent: string): ClientBrowser {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Microsoft Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/MSIE |Trident\//.test(userAgent)) return 'Internet Explorer';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Mozilla Firefox';
  if (/Chrome\/|CriOS\//.test(userAgent)) return 'Google Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Unknown Browser';
}

export interface VisitContext {
  visitStartedAt: string;
  now: Date;
  fingerprint: string | null;
  hasInsurance: boolean;
  hasUserVerification: boolean;
}

/**
 * userVisitData (spec section 3). ipAddress stays null: the server reads the client address from
 * the request itself rather than asking a third-party lookup service (architecture, invariant 6).
 */
export function collectVisitData(
  context: VisitContext,
  env: { screen: Pick<Screen, 'width' | 'height'>; userAgent: string; referrer: string; timeZone: string },
): UserMeta {
  const started = Date.parse(context.visitStartedAt);
  return {
    deviceWidth: Math.round(env.screen.width),
    deviceHeight: Math.round(env.screen.height),
    clientBrowser: detectBrowser(env.userAgent),
    ipAddress: null,
    fingerprint: context.fingerprint,
    referrer: env.referrer.slice(0, 2_000) || null,
    visitTime: context.visitStartedAt,
    visitDuration: Number.isFinite(started) ? Math.max(0, Math.round((context.now.getTime() - started) / 1000)) : 0,
    timezone: env.timeZone,
    hasInsurance: context.hasInsurance,
    hasUserVerification: context.hasUserVerification,
  };
}

export function browserEnvironment() {
  return {
    screen: window.screen,
    userAgent: navigator.userAgent,
    referrer: document.referrer,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
