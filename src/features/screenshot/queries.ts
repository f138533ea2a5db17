import { spendingQuery } from '../../api/endpoint-query.ts';
import { getScreenshot } from '../../api/requests.ts';

export const screenshotQueries = {
  all: ['screenshot'] as const,
  results: (params: Record<string, string>) => spendingQuery('screenshot', params, getScreenshot),
};
