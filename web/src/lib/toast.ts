/**
 * Toasts (spec section 2: top-centre, closing after 3 s). The toast library loads only when the
 * first toast is raised, so it costs nothing on the first paint; until its region has mounted,
 * toasts wait rather than get lost.
 */

import { translate } from './i18n/use-messages.ts';
import * as messages from './toast.messages.ts';

export const TOAST_DURATION_MS = 3_000;
/** Distance of the toasts from the top of the window; headings keep below --toast-clearance (styles.css). */
export const TOAST_TOP_OFFSET_PX = 12;

type Listener = () => void;

let isRequested = false;
const listeners = new Set<Listener>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

export function subscribeToasterRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToasterRequested = () => isRequested;

/** Called by the toast region once it is in the page. */
export function toasterMounted(): void {
  markMounted();
}

async function show(kind: 'error' | 'success', message: string | null | undefined): Promise<void> {
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  const text = message?.trim() ? message : translate(messages, 'somethingWentWrong');
  if (kind === 'error') toast.error(text);
  else toast.success(text);
}

/** A failure: the server's message, or 'Something went wrong' when there is none. */
export function showErrorToast(message?: string | null): void {
  void show('error', message);
}

export function showSuccessToast(message: string): void {
  void show('success', message);
}
