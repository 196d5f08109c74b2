import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { BrandBand } from '../../../components/branding/brand-band.tsx';

/**
 * The practice above a payment page: logo, name and phone on its brand colour, as the booking
 * page's side panel shows them. A header rather than the panel, so that the page's own heading
 * (the outcome) stays its one level-1 heading.
 */
export function PracticeHeader({ form }: { form: FormDetails }) {
  const phone = form.phone?.trim() ? form.phone.trim() : null;
  return (
    <BrandBand
      as="header"
      form={form}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-4 sm:px-8"
      logoClassName="h-10 w-auto max-w-[40%] object-contain"
    >
      <p className="min-w-0 flex-1 text-lg font-semibold leading-tight break-words">{form.name}</p>
      {phone && (
        <a href={phoneHref(phone)} className="underline underline-offset-2">
          {formatPhone(phone)}
        </a>
      )}
    </BrandBand>
  );
}
