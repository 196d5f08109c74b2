/** Tailwind classes that several patient pages share, each kept in one place. */

/** The white card in the middle of a simple page (not found, payment return, unsubscribe). */
export const CARD_CLASS =
  'flex w-full max-w-lg flex-col gap-4 rounded-xl border border-slate-200 bg-white ' +
  'p-6 text-center shadow-sm sm:p-10';

/** A secondary action: outlined, as tall as a thumb. */
export const OUTLINE_BUTTON_CLASS =
  'min-h-11 rounded-md border-2 border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900';

/** The review pages' main action, in the product's teal (not the practice's colours). */
export const TEAL_BUTTON_CLASS =
  'inline-flex min-h-10 min-w-28 items-center justify-center rounded-md bg-teal-700 px-5 py-2 ' +
  'text-base font-semibold text-white hover:bg-teal-800';
