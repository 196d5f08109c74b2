import { useMutation, useQueryClient } from '@tanstack/react-query';
import { secondaryButtonClass } from './shared/console-styles.ts';
import { SESSION_KEY, signOut } from './session-api.ts';
import { useStaffSession } from './staff-session-context.ts';

/** Sign out here, or end every session of the account (a lost tablet, a shared computer). */
export function SignOutButtons() {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: (everywhere: boolean) => signOut(session.csrf_token, everywhere),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      queryClient.setQueryData(SESSION_KEY, null);
    },
  });
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" onClick={() => end.mutate(false)} disabled={end.isPending} className={secondaryButtonClass}>
        Sign out
      </button>
      <button type="button" onClick={() => end.mutate(true)} disabled={end.isPending} className={secondaryButtonClass}>
        Sign out everywhere
      </button>
      {end.error && (
        <p role="alert" className="text-red-800">
          {end.error.message}
        </p>
      )}
    </div>
  );
}
