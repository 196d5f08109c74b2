import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TooltipScope, Tooltipped } from '../../../components/ui/tooltipped.tsx';
import { tooltipFor, TruncatedText } from '../../../components/ui/truncated-text.tsx';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { useBookingContext } from '../booking-context.ts';
import { autoAdvance, goToPage } from '../navigation/step-actions.ts';
import { StepFrame } from '../navigation/step-frame.tsx';
import { ChoiceHint } from '../navigation/choice-hint.tsx';
import { StepNavigation } from '../navigation/step-navigation.tsx';
import { PAGE } from '../navigation/step-rules.ts';
import type { ProviderDetails } from '../state/booking-state.ts';
import { useBookingStore } from '../state/booking-store.ts';
import { isEarliestAvailable, providerOptions } from '../state/reason-rules.ts';
import { chosenStyle } from './choice-card.tsx';
import { ProviderAvatar } from './provider-avatar.tsx';
import * as messages from './choice-steps.messages.ts';

const PROVIDER_BUTTON_CLASS =
  'flex min-h-20 w-full items-center gap-4 rounded-lg border-2 border-slate-300 bg-white p-4 ' +
  'text-left text-slate-900 shadow-sm hover:border-slate-500';

/** Spec section 9: provider names are cut at 24 characters. */
export const PROVIDER_NAME_MAX = 24;

/** Page 3 (spec section 2): the reason's providers, and 'Select Earliest Available Provider' when there are several. */
export default function ProviderStep() {
  const t = useMessages(messages);
  const { form } = useBookingContext();
  const reason = useBookingStore((state) => state.patientFormDetails.reasonForVisit);
  const chosen = useBookingStore((state) => state.patientFormDetails.providerDetails);
  const saveProvider = useBookingStore((state) => state.saveProvider);
  const options = reason ? providerOptions(reason) : [];

  const choose = (provider: ProviderDetails) => {
    saveProvider(provider);
    autoAdvance(() => goToPage(PAGE.slot));
  };

  return (
    <StepFrame heading={t('providerHeading')} navigation={<StepNavigation isNextDisabled={!chosen} />}>
      <TooltipScope
        active={options.some((provider) => nameTooltip(provider) !== null)}
        fallback={<ProvidersSkeleton count={options.length} />}
      >
        <div role="group" aria-label={t('providerGroup')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((provider) => (
            <ProviderCard
              key={provider.pms_prov_num}
              provider={provider}
              isSelected={chosen?.pms_prov_num === provider.pms_prov_num}
              selectedColor={form.form_customization.button_color_1}
              onChoose={() => choose(provider)}
            />
          ))}
        </div>
      </TooltipScope>
      {!chosen && <ChoiceHint message={t('providerRequired')} />}
    </StepFrame>
  );
}

function ProvidersSkeleton({ count }: { count: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}

interface ProviderCardProps {
  provider: ProviderDetails;
  isSelected: boolean;
  selectedColor: string;
  onChoose: () => void;
}

/**
 * Spec section 9 cuts provider names at 24 characters; 'Select Earliest Available Provider' is
 * not a name but the option's label, and is always shown whole.
 */
const nameTooltip = (provider: ProviderDetails) =>
  isEarliestAvailable(provider) ? null : tooltipFor(provider.providerName, PROVIDER_NAME_MAX);

function ProviderCard({ provider, isSelected, selectedColor, onChoose }: ProviderCardProps) {
  const t = useMessages(messages);
  return (
    <Tooltipped tip={nameTooltip(provider)}>
      <button
        type="button"
        aria-pressed={isSelected}
        onClick={onChoose}
        className={PROVIDER_BUTTON_CLASS}
        style={chosenStyle(isSelected, selectedColor)}
      >
        <ProviderAvatar src={provider.profile_pic || null} />
        <span className="min-w-0 text-lg font-semibold wrap-anywhere">
          {isEarliestAvailable(provider) ? (
            t('earliestAvailable')
          ) : (
            <TruncatedText text={provider.providerName} max={PROVIDER_NAME_MAX} />
          )}
        </span>
      </button>
    </Tooltipped>
  );
}
