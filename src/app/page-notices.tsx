import { DismissibleStatus } from '../components/dismissible-status.tsx';
import { dismissNotice, useNotices } from '../lib/notices.ts';

/**
 * What the browser's storage refused or could not read (lib/notices.ts), in the window's foot
 * (layout.tsx): a notice comes with an answer (one the browser would not store), and above the
 * view it would push that answer down as it arrives (a layout shift).
 */
export function StorageNotices() {
  const notices = useNotices();
  if (notices.length === 0) return null;
  return (
    <ul aria-label="Notices" className="pointer-events-auto space-y-2">
      {notices.map((n) => (
        <DismissibleStatus key={n.id} tone="warning" onDismiss={() => dismissNotice(n.id)}>
          <span>{n.text}</span>
        </DismissibleStatus>
      ))}
    </ul>
  );
}
