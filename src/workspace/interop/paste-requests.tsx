import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { metaQueries } from '../../api/meta-queries.ts';
import { decidePaste } from './paste-decision.ts';
import { dismissPasteNotice, showPasteNotice, usePasteNotice } from './paste-notice.ts';
import { openPastedRequest } from './open-pasted-request.ts';

/** A text field of a view's form (not a choice, not the key dialog's field). */
function formField(target: EventTarget | null): HTMLInputElement | HTMLTextAreaElement | null {
  if (target instanceof HTMLTextAreaElement) return target.closest('main form') ? target : null;
  if (!(target instanceof HTMLInputElement) || !/^(text|search|url)$/.test(target.type))
    return null;
  return target.closest('main form') ? target : null;
}

/**
 * Pasting a curl command or an API URL into a text field of any view's form opens the
 * request's view with its form filled (sending nothing) instead of pasting the text, and says
 * so. Loaded once the first view has painted (layout.tsx): nothing of it is on a first load.
 */
export function PasteRequests() {
  const navigate = useNavigate();
  const { data: meta } = useQuery(metaQueries.current());
  const pathMap = meta?.pathMap;
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const field = formField(e.target);
      if (!field) return;
      const text = e.clipboardData?.getData('text/plain') ?? '';
      const target = field.type === 'url' || field.inputMode === 'url' ? 'url' : 'text';
      const decision = decidePaste(text, target, pathMap);
      if (!decision.take) return;
      e.preventDefault();
      if (decision.result.ok) openPastedRequest(decision.result.request, navigate);
      else showPasteNotice({ kind: 'refused', reason: decision.result.reason });
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [navigate, pathMap]);
  return <PasteNoticeBox />;
}

/** What the last paste did, in the window's foot (layout.tsx) until dismissed. */
function PasteNoticeBox() {
  const notice = usePasteNotice();
  if (!notice) return null;
  return (
    <div
      role={notice.kind === 'refused' ? 'alert' : 'status'}
      aria-label="Pasted request"
      className="pointer-events-auto space-y-1 rounded border border-slate-300 bg-white p-3 text-sm shadow-lg dark:border-slate-600 dark:bg-slate-900"
    >
      {notice.kind === 'refused' ? (
        <p>
          <strong className="font-medium">Nothing was opened.</strong> {notice.reason}
        </p>
      ) : (
        <>
          <p>
            <strong className="font-medium">{notice.title}</strong> is filled in from the pasted
            request. Nothing was sent: check the form, then run it.
          </p>
          {notice.dropped.length > 0 && (
            <p>
              Not parameters of this endpoint, dropped:{' '}
              {notice.dropped.map((name, i) => (
                <span key={name}>
                  {i > 0 && ', '}
                  <code>{name}</code>
                </span>
              ))}
              .
            </p>
          )}
          {notice.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </>
      )}
      <button type="button" className="btn-secondary" onClick={dismissPasteNotice}>
        Dismiss
      </button>
    </div>
  );
}
