import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SESSION_KEY, switchPractice } from './session-api.ts';
import { useStaffSession } from './staff-session-context.ts';

/** An operator's practices: the session moves to the one chosen, and every list is read again for it. */
export function PracticeSwitcher() {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (practiceId: string) => switchPractice(session.csrf_token, practiceId),
    onSuccess: (next) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      queryClient.setQueryData(SESSION_KEY, next);
    },
  });
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="console-practice" className="font-medium">
        Practice
      </label>
      <select
        id="console-practice"
        value={session.practice.id}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value)}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-2"
      >
        {session.practices.map((practice) => (
          <option key={practice.id} value={practice.id}>
            {practice.name}
          </option>
        ))}
      </select>
      {change.error && (
        <p role="alert" className="text-red-800">
          {change.error.message}
        </p>
      )}
    </div>
  );
}
