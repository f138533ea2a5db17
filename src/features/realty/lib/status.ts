import { humanizeEnum } from './filters.ts';

/**
 * Pin colours by `statusType`; each keeps 4.5:1 contrast with white text, and no two statuses
 * share one (the legend would show two entries in one colour).
 */
export const STATUS_COLORS: Record<string, string> = {
  FOR_SALE: '#b91c1c',
  FOR_RENT: '#6d28d9',
  SOLD: '#475569',
  RECENTLY_SOLD: '#1e3a8a',
  PENDING: '#b45309',
};
const OTHER = '#0f766e';

export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? OTHER;
}

export function statusLabel(status: string): string {
  return status === 'UNKNOWN' ? 'Status unknown' : humanizeEnum(status);
}
