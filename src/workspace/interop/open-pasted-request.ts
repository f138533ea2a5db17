import type { NavigateFunction } from 'react-router';
import { ENDPOINTS } from '../../api/endpoints.ts';
import type { PastedRequest } from '../../api/interop/pasted-request.ts';
import { requestHref } from '../../api/request-link.ts';
import { offerKey } from './key-offer.ts';
import { showPasteNotice } from './paste-notice.ts';

/**
 * Opens the view of a pasted request with its form filled, and sends nothing: views run a
 * metered request only on Run (decision 011). The key goes to the key dialog as an offer,
 * never into the view's URL or form.
 */
export function openPastedRequest(request: PastedRequest, navigate: NavigateFunction): void {
  void navigate(requestHref(request.endpoint, request.params));
  showPasteNotice({
    kind: 'opened',
    title: ENDPOINTS[request.endpoint].title,
    dropped: request.dropped,
    notes: request.notes,
  });
  if (request.apiKey) offerKey(request.apiKey);
}
