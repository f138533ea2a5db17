import { useState } from 'react';
import type { EndpointSpec } from '../../api/endpoints.ts';
import { requestHref } from '../../api/request-link.ts';
import type { ImageResult, JsonResult } from '../../api/requests.ts';
import { createSnapshot } from './snapshot-file.ts';
import { downloadText, fileDate, fileSlug } from '../../lib/download.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import type { Params } from '../../api/params.ts';

/** "Copy link" (the view URL with its parameters, never the key) and "Save snapshot". */
export function SnapshotActions({
  spec,
  params,
  data,
}: {
  spec: EndpointSpec;
  params: Params;
  data: unknown;
}) {
  const [saving, setSaving] = useState(false);
  const link = `${window.location.origin}${requestHref(spec.id, params)}`;
  const save = async () => {
    setSaving(true);
    try {
      const file = await createSnapshot(spec.id, params, data as JsonResult<unknown> | ImageResult);
      const what = fileSlug(Object.values(params)[0] ?? spec.id);
      downloadText(
        `${spec.id}-${what}-${fileDate()}.snapshot.json`,
        JSON.stringify(file),
        'application/json',
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <span className="flex flex-wrap gap-2">
      <CopyButton text={link} label="Copy link" className="btn-secondary" />
      <button type="button" className="btn-secondary" disabled={saving} onClick={() => void save()}>
        Save snapshot
      </button>
    </span>
  );
}
