import type { ReactNode } from 'react';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import type { Clinic, FormDetails } from '#domain/practice/practice-schemas.ts';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import { clinicDisplayName, panelContact } from './panel-contact.ts';
import { BrandBand } from './brand-band.tsx';
import * as messages from './side-panel.messages.ts';

const PANEL_CLASS =
  'brand-panel flex flex-col gap-3 px-6 py-8 sm:px-10 lg:sticky lg:top-0 lg:min-h-screen ' +
  'lg:w-96 lg:shrink-0 lg:py-12';

interface SidePanelProps {
  form: FormDetails;
  /** The chosen clinic, for practices with clinic_set_up; null until one is chosen. */
  clinic: Clinic | null;
  /** The booking summary, shown on large screens once a reason is chosen. */
  summary?: ReactNode;
  /** Offered beside the chosen clinic: back to the location choice. */
  onChangeLocation?: () => void;
  /** False on pages whose own heading is the h1 (review, feedback): the name is then a paragraph. */
  isPageHeading?: boolean;
}

/** Spec section 2: the branding side panel beside (large screens) or above (small screens) the booking form. */
export function SidePanel({ form, clinic, summary, onChangeLocation, isPageHeading = true }: SidePanelProps) {
  const t = useMessages(messages);
  const { address, phone } = panelContact(form, clinic);
  const clinicName = form.clinic_set_up && clinic ? clinicDisplayName(clinic) : null;
  const Name = isPageHeading ? 'h1' : 'p';

  return (
    <BrandBand
      as="aside"
      form={form}
      className={PANEL_CLASS}
      logoClassName="h-16 w-auto max-w-full self-start object-contain"
    >
      <Name className="text-2xl font-semibold leading-tight break-words">{form.name}</Name>
      {clinicName && (
        <p className="flex flex-wrap items-baseline gap-x-3 text-lg font-medium break-words" data-testid="panel-clinic">
          <span>{clinicName}</span>
          {onChangeLocation && (
            <button
              type="button"
              onClick={onChangeLocation}
              className="min-h-10 text-base font-normal underline underline-offset-2"
            >
              {t('changeLocation')}
            </button>
          )}
        </p>
      )}
      {(address || phone) && (
        <address className="flex flex-col gap-1 not-italic">
          {address && <span>{address}</span>}
          {phone && (
            <a href={phoneHref(phone)} className="w-fit underline underline-offset-2">
              {formatPhone(phone)}
            </a>
          )}
        </address>
      )}
      {summary}
    </BrandBand>
  );
}
