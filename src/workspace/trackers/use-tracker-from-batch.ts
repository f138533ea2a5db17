import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readTrackerHandoff } from '../runs/tracker-handoff.ts';
import type { TrackerSession } from './tracker-session.ts';

export type HandoffStatus = 'none' | 'saving' | 'missing' | 'refused';

/**
 * Takes a batch handed over by Save as tracker (once per navigation): the tracker is stored with
 * the batch's answers as its first run, then opened in place of the handoff.
 */
export function useTrackerFromBatch(session: TrackerSession): HandoffStatus {
  const location = useLocation();
  const navigate = useNavigate();
  const handoff = readTrackerHandoff(location.state);
  const taken = useRef<string | null>(null);
  const [failed, setFailed] = useState<'missing' | 'refused' | null>(null);
  useEffect(() => {
    if (!handoff || taken.current === location.key) return;
    taken.current = location.key;
    session.saveFromBatch(handoff).then(
      (tracker) => {
        if (!tracker) setFailed('missing');
        const to = tracker ? `/trackers?tracker=${encodeURIComponent(tracker.id)}` : '/trackers';
        void navigate(to, { replace: true });
      },
      () => {
        setFailed('refused');
        void navigate('/trackers', { replace: true });
      },
    );
  }, [handoff, location.key, navigate, session]);
  return failed ?? (handoff ? 'saving' : 'none');
}
