/**
 * Spec section 5's message for a step whose choice is still missing ('Please select a Provider',
 * …). Next stays disabled meanwhile, so the hint says why.
 */
export function ChoiceHint({ message }: { message: string }) {
  return <p className="text-sm text-slate-700">{message}</p>;
}
