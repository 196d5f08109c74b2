import { createContext, useContext } from 'react';
import type { StaffSession } from '#domain/staff/staff-session-schemas.ts';

export const StaffSessionContext = createContext<StaffSession | null>(null);

/** The signed-in session; only the pages behind the sign-in use it. */
export function useStaffSession(): StaffSession {
  const session = useContext(StaffSessionContext);
  if (!session) throw new Error('useStaffSession is for pages behind the console sign-in.');
  return session;
}
