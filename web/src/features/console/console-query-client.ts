import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { isSignedOutError } from './console-request.ts';
import { SESSION_KEY } from './session-api.ts';

/** Mutations whose 401 is an answer to show (a wrong password), not the end of a session. */
export const SIGN_IN_META = { isSignIn: true } as const;

/**
 * The console's own cache, apart from the booking pages': staff data is dropped whole when a
 * session ends. Any 401 of a staff call (idle timeout, signed out elsewhere, account deactivated)
 * clears it and hands the console back to the sign-in page.
 */
export function createConsoleQueryClient(onSessionEnded: () => void): QueryClient {
  const end = (error: unknown) => {
    if (!isSignedOutError(error)) return;
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    client.setQueryData(SESSION_KEY, null);
    onSessionEnded();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: end }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _context, mutation) => (mutation.meta?.isSignIn ? undefined : end(error)),
    }),
    defaultOptions: {
      // A 4xx will not change on a retry, and a 401 must reach the sign-in page at once.
      queries: {
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
