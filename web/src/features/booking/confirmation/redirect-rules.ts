import type { FormDetails } from '#domain/practice/practice-schemas.ts';

/** Spec sections 4 and 9: the countdown when the practice sets no delay, and always for a referral URL. */
export const DEFAULT_REDIRECT_SECONDS = 5;

export interface RedirectPlan {
  url: string;
  seconds: number;
}

/**
 * Spec section 4: a ref_redirection_url always redirects after 5 s; otherwise, with to_redirect,
 * the redirection_url after redirection_delay seconds (5 when 0). Null when nothing redirects.
 */
export function redirectPlan(
  form: Pick<FormDetails, 'to_redirect' | 'redirection_delay' | 'redirection_url' | 'ref_redirection_url'>,
): RedirectPlan | null {
  const referral = form.ref_redirection_url?.trim();
  if (referral) return { url: referral, seconds: DEFAULT_REDIRECT_SECONDS };
  const target = form.redirection_url?.trim();
  if (!form.to_redirect || !target) return null;
  return {
    url: target,
    seconds: form.redirection_delay > 0 ? Math.round(form.redirection_delay) : DEFAULT_REDIRECT_SECONDS,
  };
}
