import { endpointQuery } from '../../api/endpoint-query.ts';
import type { BatchDefinition } from './lib/definition.ts';
import type { BatchCell, Matrix } from './lib/matrix.ts';

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
