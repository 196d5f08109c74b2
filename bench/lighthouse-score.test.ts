import { describe, expect, it } from 'vitest';
import { scoreWithout } from './lighthouse-score.ts';

const report = {
  categories: {
    seo: {
      auditRefs: [
        { id: 'is-crawlable', weight: 4.043 },
        { id: 'document-title', weight: 1 },
        { id: 'meta-description', weight: 1 },
        { id: 'structured-data', weight: 0 },
        { id: 'hreflang', weight: 1 },
      ],
    },
  },
  audits: {
    'is-crawlable': { score: 0 },
    'document-title': { score: 1 },
    'meta-description': { score: 1 },
    'structured-data': { score: null },
    hreflang: { score: null },
  },
};

describe('scoreWithout', () => {
  it('weighs the audits that apply as Lighthouse does', () => {
    expect(scoreWithout(report, 'seo', [])).toEqual({ score: 33, failures: ['is-crawlable'] });
  });

  it('leaves the exempt audits out of the score and of the failures', () => {
    expect(scoreWithout(report, 'seo', ['is-crawlable'])).toEqual({ score: 100, failures: [] });
    const titleless = { ...report, audits: { ...report.audits, 'document-title': { score: 0 } } };
    expect(scoreWithout(titleless, 'seo', ['is-crawlable'])).toEqual({ score: 50, failures: ['document-title'] });
  });
});
