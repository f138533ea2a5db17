import { endpointQuery } from '../../api/endpoint-query.ts';
import type { Params } from '../../api/params.ts';
import { matrixOf, type BatchDefinition } from './lib/definition.ts';
import type { BatchEndpointId } from './lib/endpoints.ts';
import { localeLabel } from './lib/locale.ts';
import type { BatchCell, Matrix } from './lib/matrix.ts';

// A batch file's rows as a matrix: pure logic, kept in lib/ (trackers read it too).
export { matrixOf };

/** The batch open in the view: what it asks (its definition) and its cells. */
export interface OpenBatch {
  id: string;
  createdAt: number;
  definition: BatchDefinition;
  matrix: Matrix;
}

/** The query of a cell: the same as its view's, so opening the cell there finds its answer. */
export const cellQuery = (cell: BatchCell) => endpointQuery(cell.endpoint, cell.params);

/** The route of a stored batch. */
export const batchHref = (id: string) => `/batch?batch=${encodeURIComponent(id)}`;

/** A batch's request for a collection (Postman): one per cell, named by query and locale. */
export interface NamedRequest {
  endpoint: BatchEndpointId;
  params: Params;
  name: string;
}

export const batchRequests = (definition: BatchDefinition, prefix = ''): NamedRequest[] =>
  matrixOf(definition).cells.map((cell) => ({
    endpoint: cell.endpoint,
    params: cell.params,
    name: `${prefix}${cell.query} (${localeLabel(cell.locale)})`,
  }));
