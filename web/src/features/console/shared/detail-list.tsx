import type { ReactNode } from 'react';

/** A titled list of facts; a fact without a value is left out rather than shown empty. */
export function DetailList({ title, items }: { title: string; items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-base font-semibold">{title}</h3>
      {shown.length === 0 ? (
        <p className="text-slate-700">Nothing recorded.</p>
      ) : (
        <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1">
          {shown.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-700">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
