import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { command, USAGE } from './cli.ts';
import { readRunnerConfig, type RunnerConfig } from './config.ts';
import { serveApi } from './http-api.ts';
import { openRunner, resumeOrphans, tick, type Runner } from './runner.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The embedded database belongs to one process at a time (PGlite is not shared): a second
 * process on the same folder is refused, not allowed to corrupt it. A lock left by a killed
 * process is taken over. With DATABASE_URL any number of processes share the server.
 */
function lockDataDir(config: RunnerConfig): () => void {
  if (config.databaseUrl) return () => undefined;
  mkdirSync(config.dataDir, { recursive: true });
  const lock = join(config.dataDir, 'runner.pid');
  let holder = NaN;
  try {
    holder = Number(readFileSync(lock, 'utf8'));
  } catch {
    // No lock: the folder is free.
  }
  if (holder !== process.pid && Number.isSafeInteger(holder) && alive(holder))
    throw new Error(
      `Another runner process (pid ${holder}) uses ${config.dataDir}. Stop it first, or share a Postgres server through DATABASE_URL.`,
    );
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

const stamp = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

/** A tick that failed (the database or the upstream away) is logged; the service goes on. */
const failed = (error: unknown) => {
  stamp(`schedule check failed: ${(error as Error).message}`);
  return false;
};

/** The service: resumes what a killed runner left, then looks for due slots every tick. */
async function serve(runner: Runner): Promise<void> {
  stamp(
    `runner ${runner.owner} on ${runner.db.kind === 'embedded' ? runner.config.dataDir : 'Postgres'}, requests to ${runner.upstream.describe}`,
  );
  let stopping = false;
  let wake: (() => void) | null = null;
  const stop = () => {
    stopping = true;
    wake?.();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  const api = runner.config.dashboard
    ? await serveApi(runner, runner.config.dashboard.token, runner.config.dashboard.port)
    : null;
  if (api) stamp(`dashboard door on 127.0.0.1:${runner.config.dashboard!.port}/runner/`);
  await resumeOrphans(runner);
  while (!stopping) {
    // Run every slot that is due now, one after another, then sleep until the next look.
    while (!stopping && (await tick(runner).catch(failed))) {
      /* the next due slot */
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, runner.config.tickMs).unref();
    });
  }
  api?.close();
  stamp('runner stopped');
}

export async function main(argv: readonly string[]): Promise<number> {
  let unlock = () => undefined as void;
  let runner: Runner | null = null;
  try {
    const config = readRunnerConfig(process.env);
    unlock = lockDataDir(config);
    runner = await openRunner(config, stamp);
    if (argv.length === 0) await serve(runner);
    else await command(runner, argv, (line) => console.log(line));
    return 0;
  } catch (error) {
    console.error((error as Error).message || USAGE);
    return 1;
  } finally {
    await runner?.close();
    unlock();
  }
}

process.exitCode = await main(process.argv.slice(1).filter((a, i) => !(i === 0 && a === '--')));
