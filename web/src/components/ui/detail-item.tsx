/** One term and its value in a description list (confirmation and payment receipt). */
export function DetailItem({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="mt-1 font-medium wrap-anywhere text-slate-900">{value}</dd>
    </div>
  );
}
