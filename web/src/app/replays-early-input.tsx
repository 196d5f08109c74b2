import { type ReactNode, useEffect } from 'react';
import { replayEarlyInput } from '../lib/early-input.ts';

/**
 * The app's outermost component in the browser: its effect runs once the whole first render has
 * committed (hydration included), and only then are the clicks and typing held before it replayed.
 */
export function ReplaysEarlyInput({ children }: { children: ReactNode }) {
  useEffect(replayEarlyInput, []);
  return children;
}
