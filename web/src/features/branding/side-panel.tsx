import { useState, type ReactNode } from 'react';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import type { Clinic, FormDetails } from '#domain/practice/practice-schemas.ts';
import { brandColorOrDefault, readableTextColor } from '../../lib/contrast.ts';
import { panelContact } from './panel-contact.ts';

interface SidePanelProps {
  form: FormDetails;
  /** The chosen clinic, for practices with clinic_set_up; null until one is chosen. */
  clinic: Clinic | null;
  /** The booking summary, shown on large screens once a reason is chosen. */
  summary?: ReactNode;
}

/** Spec section 2: the branding side panel beside (large screens) or above (small screens) the booking form. */
export function SidePanel({ form, clinic, summary }: SidePanelProps) {
  const background = brandColorOrDefault(form.form_customization.brand_color);
  const { address, phone } = panelContact(form, clinic);

  return (
    <aside
      aria-label="Practice information"
      className="brand-panel flex flex-col gap-3 px-6 py-8 sm:px-10 lg:sticky lg:top-0 lg:min-h-screen lg:w-96 lg:shrink-0 lg:py-12"
      style={{ backgroundColor: background, color: readableTextColor(background) }}
    >
      {form.logo && <PracticeLogo key={form.logo} src={form.logo} name={form.name} />}
      <h1 className="text-2xl font-semibold leading-tight break-words">{form.name}</h1>
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
    </aside>
  );
}

function PracticeLogo({ src, name }: { src: string; name: string }) {
  const [isBroken, setIsBroken] = useState(false);
  if (isBroken) return null;
  return (
    <img
      src={src}
      alt={name}
      className="h-16 w-auto max-w-full self-start object-contain"
      onError={() => setIsBroken(true)}
    />
  );
}
