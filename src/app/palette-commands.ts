import { ENDPOINTS, type EndpointId } from '../api/endpoints.ts';
import { ENDPOINT_VIEW_LIST } from '../api/endpoint-views.ts';
import { requestHref, requestLabel } from '../api/request-link.ts';
import { downloadText, fileDate } from '../lib/download.ts';
import type { HistoryEntry } from '../workspace/history/history-store.ts';
import { openKeyDialog } from '../session/key-dialog-store.ts';
import { setPresenterMode } from '../session/presenter-mode.ts';
import type { ApiMeta } from '../api/meta-queries.ts';
import { downloadOpenApi } from '../workspace/interop/downloads.ts';
import { downloadHistoryPostman } from '../workspace/history/history-postman.ts';

export interface Command {
  id: string;
  /** What the palette lists and filters on. */
  label: string;
  /** Other words a person may type for it (not shown): "credits" finds the account. */
  keywords?: string;
  group: 'Views' | 'Starred' | 'Recent' | 'Actions';
  /** Where it goes, or what it does. */
  run: { to: string } | { action: () => void };
}

const RECENT = 5;

/** What people look for under another name than the view's. */
const VIEW_KEYWORDS: Partial<Record<EndpointId, string>> = {
  account: 'credits usage balance concurrency',
  search: 'serp organic results',
  realty: 'real estate listings homes',
};

const entryCommand = (group: 'Starred' | 'Recent') => (entry: HistoryEntry) =>
  ({
    id: `${group}-${entry.id}`,
    label: requestLabel(entry.endpoint as EndpointId, entry.params),
    group,
    run: { to: requestHref(entry.endpoint as EndpointId, entry.params) },
  }) satisfies Command;

/** Every view, starred and recent requests, and the app's actions. */
export function paletteCommands(
  history: readonly HistoryEntry[],
  presenter: boolean,
  meta?: ApiMeta,
): Command[] {
  const known = history.filter((e) => Object.hasOwn(ENDPOINTS, e.endpoint));
  return [
    { id: 'view-overview', label: 'Overview', group: 'Views', run: { to: '/' } },
    { id: 'view-history', label: 'History', group: 'Views', run: { to: '/history' } },
    { id: 'view-batch', label: 'Batch — queries × locales', group: 'Views', run: { to: '/batch' } },
    {
      id: 'view-trackers',
      label: 'Trackers — rankings over time',
      group: 'Views',
      run: { to: '/trackers' },
    },
    ...ENDPOINT_VIEW_LIST.map(({ id }): Command => {
      const spec = ENDPOINTS[id];
      return {
        id: `view-${id}`,
        // "Search — Search" says nothing twice: the title only where it adds to the nav's name.
        label: spec.nav === spec.title ? spec.nav : `${spec.nav} — ${spec.title}`,
        keywords: VIEW_KEYWORDS[id],
        group: 'Views',
        run: { to: spec.route },
      };
    }),
    ...known.filter((e) => e.starred).map(entryCommand('Starred')),
    ...known.slice(0, RECENT).map(entryCommand('Recent')),
    { id: 'set-key', label: 'Set API key', group: 'Actions', run: { action: openKeyDialog } },
    {
      id: 'presenter',
      label: presenter ? 'Turn presenter mode off' : 'Turn presenter mode on',
      group: 'Actions',
      run: { action: () => setPresenterMode(!presenter) },
    },
    { id: 'open-snapshot', label: 'Open snapshot…', group: 'Actions', run: { to: '/history' } },
    { id: 'demos', label: 'Demo scripts', group: 'Views', run: { to: '/demos' } },
    // The sandbox's tour of every view (the demo scripts page says when there is none).
    { id: 'tour', label: 'Take the tour', group: 'Actions', run: { to: '/demos?tour=play' } },
    {
      id: 'export-history',
      label: 'Export history (JSON)',
      group: 'Actions',
      run: {
        action: () =>
          downloadText(
            `request-history-${fileDate()}.json`,
            JSON.stringify(history, null, 2),
            'application/json',
          ),
      },
    },
    {
      id: 'export-postman',
      label: 'Export history (Postman collection)',
      group: 'Actions',
      run: { action: () => void downloadHistoryPostman(history, meta) },
    },
    {
      id: 'openapi',
      label: 'Download the API description (OpenAPI 3.1)',
      group: 'Actions',
      run: { action: () => void downloadOpenApi() },
    },
  ];
}

/** The commands whose label holds every typed word. */
export function matchCommands(commands: readonly Command[], text: string): Command[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((c) => {
    const label = `${c.group} ${c.label} ${c.keywords ?? ''}`.toLowerCase();
    return words.every((w) => label.includes(w));
  });
}
