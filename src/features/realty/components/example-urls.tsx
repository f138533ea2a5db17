import { useQuery } from '@tanstack/react-query';
import { metaQueries } from '../../../api/meta-queries.ts';

/** Sandbox only: listing pages that show off the sandbox data. A click fills the form; only Run spends. */
export function ExampleUrls({ onPick }: { onPick: (url: string) => void }) {
  const meta = useQuery(metaQueries.current());
  const examples = meta.data?.mode === 'sandbox' ? (meta.data.examples?.realtyUrls ?? []) : [];
  if (examples.length === 0) return null;
  return (
    <div>
      <p className="text-sm font-medium">
        Sandbox examples (fill the form; nothing runs until Run):
      </p>
      <ul className="mt-1 flex flex-wrap gap-2" aria-label="Example listing pages">
        {examples.map((e) => (
          <li key={e.url}>
            <button type="button" className="btn-chip" onClick={() => onPick(e.url)}>
              {e.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
