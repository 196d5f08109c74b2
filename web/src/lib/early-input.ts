/**
 * What a patient did on a server-rendered page before React hydrated it (ADRs 0072, 0074): a click there
 * would do nothing, and a typed value would be the DOM's and not the app's. `booking-page-start.js`
 * holds those clicks and notes those edits, in order, on elements React has not hydrated yet. Once
 * the app runs, it replays each on the element the server sent, which hydration keeps, as soon as
 * that element is hydrated: the page's parts in Suspense boundaries hydrate after the app's shell.
 */
/** An edit's value: a field's text, or whether a box or radio button was left ticked. */
export type EarlyInput =
  { kind: 'click'; target: EventTarget } | { kind: 'edit'; target: EventTarget; value: string | boolean };

export interface EarlyInputQueue {
  entries: EarlyInput[];
  /** Called by the page script whenever it holds another input. */
  onHeld: (() => void) | null;
  isHydrated(element: Element): boolean;
}

declare global {
  interface Window {
    chairtimeEarlyInput?: EarlyInputQueue;
  }
}

/** An element that never hydrates (its boundary failed, or the app rendered afresh) stops waiting. */
const GIVE_UP_AFTER_MS = 10_000;
const LOOK_AGAIN_MS = 20;

export function replayEarlyInput(): void {
  const early = typeof window === 'undefined' ? undefined : window.chairtimeEarlyInput;
  if (!early) return;
  const startedAt = Date.now();
  let next: ReturnType<typeof setTimeout> | null = null;
  const later = (delay: number) => {
    next ??= setTimeout(() => {
      next = null;
      replayNext();
    }, delay);
  };
  // One input per task: React applies what each one changed before the next is replayed, as between
  // a patient's own clicks (a "Send" replayed at once would read the text from before the typing).
  const replayNext = () => {
    const entry = early.entries[0];
    if (!entry) return;
    const { target } = entry;
    const isWaiting = target instanceof HTMLElement && target.isConnected && !early.isHydrated(target);
    if (isWaiting && Date.now() - startedAt < GIVE_UP_AFTER_MS) return later(LOOK_AGAIN_MS);
    early.entries.shift();
    if (!isWaiting) replay(entry);
    later(0);
  };
  early.onHeld = () => later(0);
  replayNext();
}

function replay(entry: EarlyInput): void {
  const { target } = entry;
  if (!(target instanceof HTMLElement) || !target.isConnected) return;
  if (entry.kind === 'click') target.click();
  else if (typeof entry.value === 'boolean' && target instanceof HTMLInputElement) replayTick(target, entry.value);
  else if (isEditedField(target) && typeof entry.value === 'string') replayEdit(target, entry.value);
}

/**
 * A box or radio button the patient ticked before hydration (ADR 0074): React, which listens to its
 * clicks, is told the other state first (through its setter on the element), then the click the
 * patient made is made again, which leaves it as the patient left it.
 */
function replayTick(box: HTMLInputElement, checked: boolean): void {
  box.checked = !checked;
  box.click();
}

type EditedField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Puts the value the patient left back, since a render of the app may have set the field to its own
 * state since, and tells the app: React's hydration took the typed value as the one it last saw, so
 * it is first told another one (through its setter on the element), then the typed one is set past
 * that setter and announced.
 */
function replayEdit(field: EditedField, value: string): void {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  field.value = value === '' ? ' ' : '';
  setValue?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

function isEditedField(element: HTMLElement): element is EditedField {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}
