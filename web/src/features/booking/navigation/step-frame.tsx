import type { ReactNode } from 'react';
import { StepHeading, STEP_HEADING_ID } from './step-heading.tsx';
import { StepLabel } from './step-label.tsx';

interface StepFrameProps {
  heading: string;
  children: ReactNode;
  /** The step's Back/Next row, under the content. */
  navigation?: ReactNode;
  showStepLabel?: boolean;
  /** The confirmation shows its heading as a success banner (spec section 2: 'Appointment Booked'). */
  isBanner?: boolean;
}

/** One step of the flow: 'Step N', the heading (which takes focus on arrival), the content and the buttons. */
export function StepFrame({ heading, children, navigation, showStepLabel = true, isBanner = false }: StepFrameProps) {
  return (
    <section aria-labelledby={STEP_HEADING_ID} className="flex flex-col gap-6">
      <div
        className={
          isBanner
            ? 'flex items-center gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-5 py-4'
            : 'flex flex-col gap-1'
        }
      >
        {isBanner && (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 shrink-0 text-emerald-700">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path
              d="M7 12.5l3.2 3.2L17 9"
              fill="none"
              stroke="#fff"
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
        {showStepLabel && <StepLabel />}
        <StepHeading>{heading}</StepHeading>
      </div>
      {children}
      {navigation}
    </section>
  );
}
