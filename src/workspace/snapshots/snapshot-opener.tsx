import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { requestHref } from '../../api/request-link.ts';
import { FileOpener } from '../../components/file-opener.tsx';
import { MAX_SNAPSHOT_BYTES, readSnapshot } from './snapshot-file.ts';
import { showSnapshot } from './snapshot-store.ts';

/**
 * "Open snapshot": a valid file opens its view with its parameters and shows its answer
 * read-only; anything else gets a clear message and changes nothing.
 */
export function SnapshotOpener() {
  const navigate = useNavigate();
  const open = useCallback(
    async (file: File) => {
      const reading = await readSnapshot(await file.text());
      if (!reading.ok) return reading.error;
      showSnapshot(reading.snapshot);
      void navigate(requestHref(reading.snapshot.endpoint, reading.snapshot.params));
      return null;
    },
    [navigate],
  );
  return (
    <FileOpener
      label="Open snapshot"
      what="a snapshot"
      maxBytes={MAX_SNAPSHOT_BYTES}
      open={open}
      help={
        <>
          Or drop a <code>.snapshot.json</code> file anywhere on this page. It opens in its view,
          read-only; nothing is sent.
        </>
      }
    />
  );
}
