import { spendingQuery } from '../../api/endpoint-query.ts';
import { submitWebhook } from '../../api/requests.ts';

export const webhookQueries = {
  all: ['webhook'] as const,
  results: (params: Record<string, string>) => spendingQuery('webhook', params, submitWebhook),
};
