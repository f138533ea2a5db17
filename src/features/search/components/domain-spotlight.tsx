import { useId } from 'react';
import type { OrganicResult } from '../../../api/schemas.ts';
import { domainRanks, normalizeDomain } from '../../../lib/links.ts';

export function DomainSpotlight({
  value,
  onChange,
  results,
}: {
  value: string;
  onChange: (v: string) => void;
  results: readonly OrganicResult[];
}) {
  const id = useId();
  const domain = normalizeDomain(value);
  const ranks = domainRanks(results, value);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Domain spotlight
      </label>
      <input
        id={id}
        type="text"
        value={value}
        placeholder="example.com"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        className="w-56 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
      />
      {domain && (
        <output aria-live="polite" data-testid="spotlight-summary" className="text-sm">
          {ranks.length > 0
            ? `${domain}: ${ranks.map((r) => `#${r}`).join(', ')}`
            : `${domain}: not in these results`}
        </output>
      )}
    </div>
  );
}
