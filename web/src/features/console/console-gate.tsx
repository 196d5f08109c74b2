import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '#domain/staff/staff-session-schemas.ts';
import { ConsoleShell } from './console-shell.tsx';
import { lazyPage } from './lazy-page.ts';
import { ErrorNote } from './shared/console-notes.tsx';
import { getSession, SESSION_KEY } from './session-api.ts';
import { StaffSessionContext } from './staff-session-context.ts';

// Loaded only when needed (ADR 0045): a signed-in front desk never fetches the sign-in forms.
const SignInPage = lazyPage(() => import('./sign-in/sign-in-page.tsx'), 'SignInPage');
const TotpSetupPage = lazyPage(() => import('./sign-in/totp-setup-page.tsx'), 'TotpSetupPage');

interface ConsoleGateProps {
  /** Why the console is back at sign-in ("Your session has ended"), if it was signed in before. */
  endedNotice: string | null;
  onSignedIn: () => void;
}

/** The console behind its sign-in: the session (read once on load), then the second-factor set-up if the practice requires it, then the console. */
export function ConsoleGate({ endedNotice, onSignedIn }: ConsoleGateProps) {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: SESSION_KEY, queryFn: getSession, staleTime: Infinity });
  const signedIn = (next: StaffSession) => {
    queryClient.setQueryData(SESSION_KEY, next);
    onSignedIn();
  };

  if (session.isPending) {
    return (
      <main aria-busy="true" className="p-8">
        <p role="status">Loading the console…</p>
      </main>
    );
  }
  if (session.isError) {
    return (
      <main className="p-8">
        <ErrorNote>{session.error.message}</ErrorNote>
      </main>
    );
  }
  if (!session.data) return <SignInPage notice={endedNotice} onSignedIn={signedIn} />;
  return (
    <StaffSessionContext value={session.data}>
      {session.data.must_set_up_totp ? <TotpSetupPage onDone={signedIn} /> : <ConsoleShell />}
    </StaffSessionContext>
  );
}
