import { statusColor, statusLabel } from '../lib/status.ts';

export function StatusLegend({
  statuses,
}: {
  statuses: readonly { value: string; count: number }[];
}) {
  if (statuses.length === 0) return null;
  return (
    <ul
      aria-label="Map legend: pin colour by status"
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs"
    >
      {statuses.map((s) => (
        <li key={s.value} className="flex items-center gap-1">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-full border border-white shadow"
            style={{ background: statusColor(s.value) }}
          />
          {statusLabel(s.value)} ({s.count.toLocaleString('en-US')})
        </li>
      ))}
    </ul>
  );
}
