/** The console's shared looks: one place, so every form reads the same. */
export const inputClass = 'mt-1 block w-full min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base';
export const primaryButtonClass =
  'min-h-11 rounded-md bg-slate-900 px-5 py-2 font-semibold text-white disabled:opacity-60';
export const secondaryButtonClass =
  'min-h-11 rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-900 disabled:opacity-60';
export const linkClass = 'font-medium text-blue-800 underline underline-offset-2';
export const dangerButtonClass =
  'min-h-11 rounded-md bg-red-800 px-5 py-2 font-semibold text-white disabled:opacity-60';
export const dangerOutlineButtonClass =
  'min-h-11 rounded-md border border-red-800 bg-white px-4 py-2 font-medium text-red-800 disabled:opacity-60';
