import type { ReactNode, RefObject } from 'react';
import { BrandButton } from '../../../components/ui/brand-button.tsx';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { ConsentWords } from '../shared-texts.tsx';
import { sanitiseCode, type VerificationChannel } from './verify-rules.ts';
import * as messages from './verify-step.messages.ts';

const CODE_INPUT_CLASS =
  'w-48 rounded-md border border-slate-400 bg-white px-3 py-2 ' + 'font-mono text-lg tracking-[0.3em] text-slate-900';
const RESEND_CLASS =
  'min-h-10 font-semibold text-slate-900 underline underline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline';

interface ChannelChoiceProps {
  channel: VerificationChannel | null;
  color: string | null | undefined;
  /** A server without texts offers e-mail only (ADR 0029). */
  hasText: boolean;
  onChoose: (channel: VerificationChannel) => void;
}

/** 'Use Email' / 'Use Cell Phone': toggles, pressed is the channel in use. */
export function ChannelChoice({ channel, color, hasText, onChoose }: ChannelChoiceProps) {
  const t = useMessages(messages);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-medium text-slate-900">{t('sendBy')}</legend>
      <div className="flex flex-wrap gap-3">
        <ChannelButton color={color} isPressed={channel === 'email'} onClick={() => onChoose('email')}>
          {t('useEmail')}
        </ChannelButton>
        {hasText && (
          <ChannelButton color={color} isPressed={channel === 'text'} onClick={() => onChoose('text')}>
            {t('usePhone')}
          </ChannelButton>
        )}
      </div>
    </fieldset>
  );
}

interface ChannelButtonProps {
  color: string | null | undefined;
  isPressed: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A toggle: pressed is the channel in use; pressing the other sends a code there. */
function ChannelButton({ color, isPressed, onClick, children }: ChannelButtonProps) {
  return (
    <BrandButton color={color} variant={isPressed ? 'solid' : 'outline'} aria-pressed={isPressed} onClick={onClick}>
      {children}
    </BrandButton>
  );
}

interface CodeFieldProps {
  id: string;
  code: string;
  codeRef: RefObject<HTMLInputElement | null>;
  onCode: (code: string) => void;
  /** Whether a code was sent to the contact in use: "Send again" shows then. */
  hasSent: boolean;
  resendSeconds: number;
  isBusy: boolean;
  onResend: () => void;
}

/** The 6-digit code, and "Send again" once its countdown is over (spec section 4). */
export function CodeField({ id, code, codeRef, onCode, hasSent, resendSeconds, isBusy, onResend }: CodeFieldProps) {
  const t = useMessages(messages);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-code`} className="font-medium text-slate-900">
          {t('codeLabel')}
        </label>
        <input
          id={`${id}-code`}
          ref={codeRef}
          name="otp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => onCode(sanitiseCode(event.target.value))}
          aria-describedby={`${id}-code-hint`}
          className={CODE_INPUT_CLASS}
        />
        <p id={`${id}-code-hint`} className="text-sm text-slate-600">
          {t('codeHint')}
        </p>
      </div>
      {hasSent && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            onClick={onResend}
            disabled={resendSeconds > 0 || isBusy}
            aria-describedby={resendSeconds > 0 ? `${id}-resend` : undefined}
            className={RESEND_CLASS}
          >
            {t('sendAgain')}
          </button>
          {resendSeconds > 0 && (
            <span id={`${id}-resend`} className="text-slate-700">
              {t('resendIn', { seconds: resendSeconds })}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

interface ConsentBoxProps {
  id: string;
  isChecked: boolean;
  onChange: (value: boolean) => void;
  practiceName: string;
}

/** Spec section 4: the consent to texts and e-mail that page 6 asks for. */
export function ConsentBox({ id, isChecked, onChange, practiceName }: ConsentBoxProps) {
  return (
    <label htmlFor={`${id}-consent`} className="flex cursor-pointer items-start gap-3 text-slate-900">
      <input
        id={`${id}-consent`}
        type="checkbox"
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-slate-800"
      />
      <span>
        <ConsentWords place="verification_step" practiceName={practiceName} />
      </span>
    </label>
  );
}
