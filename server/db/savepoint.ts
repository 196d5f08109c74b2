import type { Queryable } from './database.ts';

let counter = 0;

/**
 * Runs `work` inside the caller's transaction under a savepoint. When it throws an error that
 * `isExpected` accepts (a constraint the caller means to test, such as the no-overlap rule), only
 * its own changes are undone, the transaction goes on, and the answer is false. Any other error
 * propagates and fails the whole transaction, as it would without the savepoint.
 */
export async function attemptInSavepoint(
  tx: Queryable,
  work: () => Promise<unknown>,
  isExpected: (error: unknown) => boolean,
): Promise<boolean> {
  const name = `attempt_${++counter}`;
  await tx.query(`savepoint ${name}`);
  try {
    await work();
  } catch (error) {
    if (!isExpected(error)) throw error;
    await tx.query(`rollback to savepoint ${name}`);
    return false;
  }
  await tx.query(`release savepoint ${name}`);
  return true;
}
