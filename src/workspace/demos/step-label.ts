import { ENDPOINTS, type EndpointId } from '../../api/endpoints.ts';
import { isRecord } from '../../lib/is-record.ts';

/** The view a step of a file shows, by its title ('' when the step does not say a known one). */
function viewTitleOf(step: unknown): string {
  if (!isRecord(step)) return '';
  if (step.batch !== undefined) return 'Batch';
  const request = isRecord(step.snapshot) ? step.snapshot.request : undefined;
  const endpoint = isRecord(request) ? request.endpoint : undefined;
  return typeof endpoint === 'string' && Object.hasOwn(ENDPOINTS, endpoint)
    ? ENDPOINTS[endpoint as EndpointId].title
    : '';
}

/** A step as a presenter finds it in the editor: "Step 3 (Realty listings)". */
export function stepLabel(index: number, step: unknown): string {
  const view = viewTitleOf(step);
  return `Step ${index + 1}${view ? ` (${view})` : ''}`;
}
