import type { ReactNode } from 'react';
import { StepHeading, STEP_HEADING_ID } from './step-heading.tsx';
import { StepLabel } from './step-label.tsx';

interface StepFrameProps {
  heading: string;
  children: ReactNode;
  /** The step's Back/Next row, under the content. */
  navigation?: ReactNode;
  showStepLabel?: boolean;
}

/** One step of the flow: 'Step N', the heading (which takes focus on arrival), the content and the buttons. */
export function StepFrame({ heading, children, navigation, showStepLabel = true }: StepFrameProps) {
  return (
    <section aria-labelledby={STEP_HEADING_ID} className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        {showStepLabel && <StepLabel />}
        <StepHeading>{heading}</StepHeading>
      </div>
      {children}
      {navigation}
    </section>
  );
}
