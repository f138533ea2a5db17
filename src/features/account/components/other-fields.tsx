import { displayValue } from '../lib/usage.ts';

/** Every field the service returned that the panel does not name, so none is ever hidden. */
export function OtherFields({ fields }: { fields: readonly [string, unknown][] }) {
  if (fields.length === 0) return null;
  return (
    <section aria-labelledby="other-heading" className="space-y-2">
      <h2 id="other-heading" className="text-lg font-semibold">
        Other fields
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {fields.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-slate-700 dark:text-slate-300">{name}</dt>
            <dd className="tabular-nums">{displayValue(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
