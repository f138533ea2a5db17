import { createRng } from '../random.ts';

/** A job id in UUID v4 format: unique per submission (the sequence), yet repeatable across sandbox runs. */
export function webhookJob(params: Record<string, string>, sequence: number): { sid: string } {
  const rng = createRng(`webhook|${params.url ?? ''}|${params.webhook_id ?? ''}|${sequence}`);
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  const variant = rng.pick(['8', '9', 'a', 'b']);
  return { sid: `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}` };
}
