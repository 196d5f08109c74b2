import type { ReactNode } from 'react';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { brandColorOrDefault, readableTextColor } from '../../lib/contrast.ts';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import { PracticeLogo } from './practice-logo.tsx';
import * as messages from './side-panel.messages.ts';

interface BrandBandProps {
  /** `aside` beside the booking form; `header` above a page whose own heading is its h1. */
  as: 'aside' | 'header';
  form: FormDetails;
  className: string;
  logoClassName: string;
  children: ReactNode;
}

/**
 * The practice on its brand colour (with a text colour that reads on it), labelled as the
 * practice's information, its logo first: the side panel and the payment pages' header.
 */
export function BrandBand({ as: Band, form, className, logoClassName, children }: BrandBandProps) {
  const t = useMessages(messages);
  const background = brandColorOrDefault(form.form_customization.brand_color);
  return (
    <Band
      aria-label={t('practiceInformation')}
      className={className}
      style={{ backgroundColor: background, color: readableTextColor(background) }}
    >
      {form.logo && <PracticeLogo key={form.logo} src={form.logo} name={form.name} className={logoClassName} />}
      {children}
    </Band>
  );
}
