import { ConsoleFrame } from '../shared/console-frame.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { primaryButtonClass } from '../shared/console-styles.ts';

/** The recovery codes, once: each signs in one time when the app's phone is lost. */
export function RecoveryCodes({
  codes,
  onContinue,
  error,
}: {
  codes: string[];
  onContinue: () => void;
  error: string | undefined;
}) {
  return (
    <ConsoleFrame title="Save your recovery codes">
      <p className="text-slate-700">
        Each code signs you in once if your phone is lost. Print them or keep them in a password manager: they are not
        shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-slate-100 p-3 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {error && <ErrorNote>{error}</ErrorNote>}
      <button type="button" onClick={onContinue} className={primaryButtonClass}>
        I have saved them: open the console
      </button>
    </ConsoleFrame>
  );
}
