/** A console table's header row: one column heading each. */
export function TableHead({ headings }: { headings: readonly string[] }) {
  return (
    <thead className="border-b border-slate-300 bg-slate-50">
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className="p-2">
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
