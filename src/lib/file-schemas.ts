import * as z from 'zod/mini';
import { readFileValue, type FileFormat } from './file-envelope.ts';

// No code generation at run time (decision 014). Set before any schema is made: an object
// schema decides at its creation whether it may compile a parser.
z.config({ jitless: true });

/**
 * What the files' schemas (decision 066) share. Loaded only with what reads a file or a stored
 * record: its name ends in `schemas.ts`, so the build never puts it in the chunk every view
 * loads (vite.config.ts), and the modules that load with views import it with `import()`.
 */
export { z };

/** A whole number in JavaScript's safe range. */
export const whole = (error?: string) => z.int(error === undefined ? undefined : { error });
/** A time (ms since the epoch), or any count: a whole number, 0 or more. */
export const time = (error?: string) => whole(error).check(z.gte(0, error && { error }));
/** A whole number of at least `min`. */
export const atLeast = (min: number, error?: string) =>
  whole(error).check(z.gte(min, error && { error }));

/** A check's own refusal of a value that has the right shape. */
export function refuse(
  ctx: { issues: z.core.$ZodRawIssue[]; value: unknown },
  message: string,
  path: PropertyKey[] = [],
): void {
  ctx.issues.push({ code: 'custom', message, input: ctx.value, path });
}

/**
 * A file inside another file or record (a demo script's snapshot or batch): read by its own
 * format, kind and version included; its errors, already placed within it, are the outer
 * file's errors at that place.
 */
export const nested = <T>(format: FileFormat<T>) =>
  z.pipe(
    z.unknown(),
    z.transform((value, ctx): T => {
      const read = readFileValue(value, format);
      if (read.ok) return read.value;
      for (const error of read.errors) refuse(ctx, error);
      return z.NEVER;
    }),
  );
