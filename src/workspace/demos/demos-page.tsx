import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { metaQueries, type ApiMeta } from '../../api/meta-queries.ts';
import { FileOpener, type FileJob } from '../../components/file-opener.tsx';
import { downloadPostmanCollection } from '../interop/downloads.ts';
import { downloadText, fileDate, fileSlug } from '../../lib/download.ts';
import { DemoEditor } from './demo-editor.tsx';
import { demoFile, MAX_DEMO_BYTES, type DemoScript } from './demo-file.ts';
import { openDemoFile } from './open-demo-file.ts';
import { createDemo, deleteDemo, importDemo, useDemos } from './demo-store.ts';
import { stepRequests } from './demo-steps.ts';
import { checkDemo, playDemo } from './play-demo.ts';
import { TourOffer } from './tour-offer.tsx';
import { withAnswers } from './step-answers.ts';
import { showNotice } from '../../lib/notices.ts';

const DOWNLOAD_NOTICE = 'web-data-dashboard-demo-download';
const updated = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The script's file, its steps' answers read where they are kept apart (decision 102). */
export async function downloadDemo(script: DemoScript): Promise<void> {
  const steps = await Promise.all(script.steps.map(withAnswers));
  downloadText(
    `${fileSlug(script.name)}-${fileDate()}.demo.json`,
    JSON.stringify(demoFile({ ...script, steps })),
    'application/json',
  );
}

/** One script in the list: its name (selects it), its size and age, and what can be done with it. */
function ScriptRow({
  script,
  current,
  meta,
  onSelect,
}: {
  script: DemoScript;
  current: boolean;
  meta: ApiMeta | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <button
        type="button"
        className="font-medium text-teal-800 underline dark:text-teal-300"
        aria-current={current ? 'true' : undefined}
        onClick={() => onSelect(script.id)}
      >
        {script.name}
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {script.steps.length} step{script.steps.length === 1 ? '' : 's'} · changed{' '}
        {updated.format(script.updatedAt)}
      </span>
      <span className="ml-auto flex gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={script.steps.length === 0}
          aria-label={`Play “${script.name}”`}
          onClick={() => playDemo(script.id)}
        >
          Play
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={script.steps.length === 0}
          aria-label={`Check “${script.name}”`}
          title="Plays every step here from its recording, sending nothing, and says what renders"
          onClick={() => {
            onSelect(script.id);
            checkDemo(script.id);
          }}
        >
          Check
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={script.steps.length === 0}
          aria-label={`Download “${script.name}”`}
          onClick={() =>
            void downloadDemo(script).catch((e: unknown) =>
              showNotice(
                DOWNLOAD_NOTICE,
                `“${script.name}” could not be downloaded: ${e instanceof Error ? e.message : String(e)}.`,
              ),
            )
          }
        >
          Download
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={script.steps.length === 0}
          aria-label={`Postman collection of “${script.name}”`}
          title="Each step's request, the key as {{api_key}}"
          onClick={() =>
            void downloadPostmanCollection(script.name, script.steps.flatMap(stepRequests), meta)
          }
        >
          Postman
        </button>
        <button
          type="button"
          className="btn-secondary"
          aria-label={`Delete “${script.name}”`}
          onClick={() => {
            if (window.confirm(`Delete “${script.name}” from this browser?`)) deleteDemo(script.id);
          }}
        >
          Delete
        </button>
      </span>
    </li>
  );
}

/**
 * Demo scripts (issue #25): record steps from history or from any view's "Add this result",
 * write a title and caption for each, reorder, play them in presenter mode (nothing is sent),
 * and share a script as one file.
 */
export default function DemosPage() {
  const scripts = useDemos();
  const meta = useQuery(metaQueries.current()).data;
  const [search, setSearch] = useSearchParams();
  const selectedId = search.get('script');
  const selected = scripts?.find((s) => s.id === selectedId) ?? null;
  const select = useCallback(
    (id: string | null) => setSearch(id ? { script: id } : {}, { replace: true }),
    [setSearch],
  );
  // A script that is gone (deleted in this tab) is no longer selected.
  useEffect(() => {
    if (scripts && selectedId && !selected) select(null);
  }, [scripts, selectedId, selected, select]);

  /** The script just opened from a file: its check is offered. */
  const [opened, setOpened] = useState<string | null>(null);
  const open = useCallback(
    async (file: File, job: FileJob) => {
      const reading = await openDemoFile(file, job);
      if (!reading) return null;
      if (!reading.ok) return reading.error;
      const id = importDemo(reading.script, { stored: reading.stored }).id;
      // The list shows it in this task, its editor in the next: a script of many steps opened
      // in one task of the page took 150–200 ms under load (issue 36, point 6).
      await new Promise((next) => setTimeout(next, 0));
      setOpened(id);
      select(id);
      return null;
    },
    [select],
  );

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Demo scripts</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        A script is a walk through the views with recorded answers. Playing it shows each step in
        its own view, in presenter mode, with your caption: nothing is sent, no credits are spent,
        and it works offline and without a key. Add steps from <Link to="/history">history</Link>{' '}
        below, or with “Add this result” on any view.
      </p>
      <TourOffer autoStart={search.get('tour') === 'play'} />
      <div className="flex flex-wrap items-start gap-4">
        <button type="button" className="btn-primary" onClick={() => select(createDemo().id)}>
          New script
        </button>
        <FileOpener
          label="Open script"
          what="a demo script"
          maxBytes={MAX_DEMO_BYTES}
          open={open}
          help={
            <>
              Or drop a <code>.demo.json</code> file anywhere on this page. It is checked like a
              snapshot and kept in this browser.
            </>
          }
        />
      </div>

      <section aria-labelledby="scripts-heading" className="space-y-2">
        <h2 id="scripts-heading" className="text-lg font-semibold">
          Your scripts
        </h2>
        {scripts?.length === 0 && (
          <p className="text-slate-600 dark:text-slate-400">No scripts yet.</p>
        )}
        <ul aria-label="Demo scripts" className="divide-y divide-slate-200 dark:divide-slate-700">
          {scripts?.map((script) => (
            <ScriptRow
              key={script.id}
              script={script}
              current={script.id === selectedId}
              meta={meta}
              onSelect={select}
            />
          ))}
        </ul>
      </section>
      {selected && (
        <DemoEditor
          key={selected.id}
          script={selected}
          onSelect={select}
          opened={opened === selected.id}
        />
      )}
    </div>
  );
}
