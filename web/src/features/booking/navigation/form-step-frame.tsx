import type { ReactNode } from 'react';
import { StepFrame } from './step-frame.tsx';
import { StepNavigation } from './step-navigation.tsx';

interface FormStepFrameProps {
  heading: string;
  /** The id of the step's form: Next, outside it, submits it. */
  formId: string;
  nextLabel: string;
  isNextDisabled: boolean;
  /** Why Next is disabled, said beside it (ADR 0060). */
  nextHint?: ReactNode;
  children: ReactNode;
}

/** A step whose content is one form (contact details, the code): its Next button submits that form. */
export function FormStepFrame({ heading, formId, nextLabel, isNextDisabled, nextHint, children }: FormStepFrameProps) {
  return (
    <StepFrame
      heading={heading}
      navigation={
        <StepNavigation
          submitsForm={formId}
          nextLabel={nextLabel}
          isNextDisabled={isNextDisabled}
          nextHint={nextHint}
        />
      }
    >
      {children}
    </StepFrame>
  );
}
