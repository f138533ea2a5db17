import { DismissibleStatus } from '../components/dismissible-status.tsx';
import { dismissNotice, useNotices } from '../lib/notices.ts';
import { BackgroundRequests } from './background-requests.tsx';

/**
 * What the page has to tell above the view, loaded once a view has painted (decision 022):
 * what the browser's storage refused or could not read (lib/notices.ts), and requests left
 * running (background-requests.tsx).
 */
export function PageNotices() {
  return (
    <>
      <StorageNotices />
      <BackgroundRequests />
    </>
  );
}

/**
 * Fixed at the bottom of the window: a notice comes with an answer (one the browser would not
 * store), and above the view it would push that answer down as it arrives (a layout shift).
 */
function StorageNotices() {
  const notices = useNotices();
  if (notices.length === 0) return null;
  return (
    <ul aria-label="Notices" className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-2xl space-y-2">
      {notices.map((n) => (
        <DismissibleStatus key={n.id} tone="warning" onDismiss={() => dismissNotice(n.id)}>
          <span>{n.text}</span>
        </DismissibleStatus>
      ))}
    </ul>
  );
}
