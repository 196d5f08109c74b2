import { MIN_TEXT_CONTRAST } from '../../../../lib/contrast.ts';
import { ImageUploadField } from '../../settings-media/image-upload-field.tsx';
import { useSettingsDraft } from '../settings-draft-context.ts';
import { SettingInput } from '../setting-fields.tsx';
import { SettingsSection } from '../settings-list.tsx';
import { BRAND_COLOURS, contrastWithPage, ratioText } from './branding-contrast.ts';

/** The booking page's colours, each checked live against white at 4.5:1, the logo and the description. */
export function BrandingSection() {
  const { draft, change } = useSettingsDraft();
  return (
    <SettingsSection id="settings-branding" heading="Branding">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {BRAND_COLOURS.map(({ key, label }) => {
          const colour = draft.form_customization?.[key] ?? '';
          const ratio = contrastWithPage(colour);
          const isPassing = ratio !== null && ratio >= MIN_TEXT_CONTRAST;
          return (
            <div key={key} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className="mt-8 inline-block size-8 shrink-0 rounded-sm border border-slate-400"
                style={{ backgroundColor: ratio === null ? 'transparent' : colour }}
              />
              <SettingInput
                path={['form_customization', key]}
                label={label}
                hint={isPassing ? `Contrast with white ${ratioText(ratio)}: passes.` : undefined}
                className="grow"
              />
            </div>
          );
        })}
      </div>
      <ImageUploadField
        purpose="logo"
        label="Logo (kept with the next Save)"
        value={draft.logo ?? null}
        onUploaded={(url) => change(['logo'], url)}
      />
      <SettingInput path={['description']} label="Description (on the booking page)" />
      <SettingInput path={['translations', 'es', 'description']} label="Description in Spanish" isOmittedWhenEmpty />
    </SettingsSection>
  );
}
