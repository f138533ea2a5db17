/** A table's column headers, as the trackers' tables write them. */
export function HeaderRow({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-300 text-left dark:border-slate-600">
        {labels.map((label) => (
          <th key={label} scope="col" className="px-2 py-1">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
