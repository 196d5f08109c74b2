/**
 * Spec section 5's message for a step whose choice is still missing ('Please select a Provider',
 * …). Next stays disabled meanwhile, so the hint says why.
 */
export function ChoiceHint({ message }: { message: string }) {
  // A polite live region: announced when it appears again (e.g. after Back), without interrupting.
  return (
    <p role="status" aria-live="polite" className="text-sm text-slate-700">
      {message}
    </p>
  );
}
