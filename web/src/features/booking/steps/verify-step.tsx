import { StepFrame } from '../navigation/step-frame.tsx';
import { StepNavigation } from '../navigation/step-navigation.tsx';

export const VERIFY_STEP_HEADING = 'Verify your contact';

/**
 * Page 6 (spec section 2), reached from page 5 when the practice verifies patients. The one-time
 * code exchange belongs to the verification feature; until it is in, this step holds the place
 * in the flow and lets the patient go back to their details.
 */
export default function VerifyStep() {
  return (
    <StepFrame heading={VERIFY_STEP_HEADING} navigation={<StepNavigation isNextDisabled />}>
      <p className="text-slate-700">Confirming your contact details by one-time code is not available yet. Please call the practice to book.</p>
    </StepFrame>
  );
}
