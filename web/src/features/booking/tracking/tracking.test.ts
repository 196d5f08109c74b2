import { describe, expect, it } from 'vitest';
import { readCookie, sourceMetaFrom, utmDetailsFrom } from './booking-marketing.ts';
import { rememberMarketingParams } from './marketing-params.ts';
import { collectVisitData, detectBrowser } from './visit-data.ts';

describe('marketing parameters (spec sections 2 and 9)', () => {
  it('sends every query parameter as utm_details', () => {
    expect(utmDetailsFrom(new URLSearchParams('utm_source=news&rfv=1&clinic_num=2'))).toEqual({
      utm_source: 'news',
      rfv: '1',
      clinic_num: '2',
    });
  });

  it("leaves out the booking's own step parameter", () => {
    expect(utmDetailsFrom(new URLSearchParams('utm_source=news&step=contact'))).toEqual({ utm_source: 'news' });
  });

  const cookieJar = (protocol: string) => {
    const written: string[] = [];
    const doc = {
      set cookie(value: string) {
        written.push(value);
      },
      get cookie() {
        return '';
      },
      location: { protocol } as Location,
    };
    return { doc, written };
  };

  it('keeps source, gclid and fbclid in 30-day cookies, the query winning over a cookie', () => {
    const { doc, written } = cookieJar('http:');
    rememberMarketingParams(new URLSearchParams('gclid=g1&other=x'), doc);
    expect(written).toEqual(['gclid=g1; max-age=2592000; path=/; samesite=lax']);
    const cookies = 'source=ads; gclid=old; theme=dark';
    expect(readCookie(cookies, 'gclid')).toBe('old');
    expect(sourceMetaFrom(new URLSearchParams('gclid=new'), cookies)).toEqual({
      source: 'ads',
      gclid: 'new',
      fbclid: null,
    });
  });

  it('marks the cookies Secure and SameSite=Lax on https', () => {
    const { doc, written } = cookieJar('https:');
    rememberMarketingParams(new URLSearchParams('source=ads&gclid=g1&fbclid=f1'), doc);
    expect(written).toHaveLength(3);
    for (const cookie of written) expect(cookie).toMatch(/; samesite=lax; secure$/);
  });
});

describe('visit data (spec section 3)', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Google Chrome',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
      'Opera',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Version/17.1 Safari/605.1.15',
      'Safari',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Mozilla Firefox'],
    ['Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko', 'Internet Explorer'],
    ['curl/8.0', 'Unknown Browser'],
  ])('names the browser of %s', (userAgent, name) => {
    expect(detectBrowser(userAgent)).toBe(name);
  });

  it('collects the visit, with the duration since the visit started and no IP address', () => {
    const data = collectVisitData(
      {
        visitStartedAt: '2026-11-22T10:00:00.000Z',
        now: new Date('2026-11-22T10:02:05Z'),
        fingerprint: 'abc',
        hasInsurance: true,
        hasUserVerification: false,
      },
      {
        screen: { width: 390, height: 844 },
        userAgent: 'Firefox/133.0',
        referrer: 'https://example.com/',
        timeZone: 'America/Chicago',
      },
    );
    expect(data).toEqual({
      deviceWidth: 390,
      deviceHeight: 844,
      clientBrowser: 'Mozilla Firefox',
      ipAddress: null,
      fingerprint: 'abc',
      referrer: 'https://example.com/',
      visitTime: '2026-11-22T10:00:00.000Z',
      visitDuration: 125,
      timezone: 'America/Chicago',
      hasInsurance: true,
      hasUserVerification: false,
    });
  });
});
