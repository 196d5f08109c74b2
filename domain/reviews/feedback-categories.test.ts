import { describe, expect, it } from 'vitest';
import { FEEDBACK_CATEGORIES, feedbackCategoryLabel } from './feedback-categories.ts';
import * as categoryMessages from './feedback-categories.messages.ts';

describe('feedback category labels', () => {
  it('show each category as itself in English, so the English page is unchanged', () => {
    for (const category of FEEDBACK_CATEGORIES)
      expect(categoryMessages.en[feedbackCategoryLabel(category)]).toBe(category);
  });

  it('give every category its own Spanish label', () => {
    const spanish = FEEDBACK_CATEGORIES.map((category) => categoryMessages.es[feedbackCategoryLabel(category)]);
    expect(new Set(spanish).size).toBe(FEEDBACK_CATEGORIES.length);
    expect(spanish[0]).toBe('Largo tiempo de espera');
  });
});
