import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { cellsAnswered } from '../workspace/trackers/lib/run.ts';
import { parseTrackers, serializeTrackers } from '../workspace/trackers/lib/tracker-file.ts';
import { channelLabel } from './alerts-out.ts';
import { planRun } from './run-tracker.ts';
import { importTracker, nextDueOf, startRunNow, type Runner } from './runner.ts';
import { checkCron } from './schedule.ts';
import {
  findTracker,
  interruptedCounts,
  listTrackers,
  loadRuns,
  removeTracker,
  saveTracker,
  type Channel,
  type RunnerSettings,
  type StoredTracker,
} from './store.ts';

export const USAGE = `Usage: npm run runner -- VERB
  add FILE [--cron EXPR] [--tz ZONE] [--catch-up] [--reserve N]
           [--webhook URL --secret S] [--ntfy URL] [--email TO --smtp URL --from ADDR]
                    a trackers file exported from the dashboard (its runs too)
  set NAME [--cron EXPR|off] [--tz ZONE] [--catch-up|--no-catch-up] [--reserve N|none]
           [--cap-run N|none] [--cap-month N|none] [--move-by N|none] [--top3 on|off]
           [--enters-top10 on|off] [--leaves-top10 on|off]
           [--webhook … | --ntfy … | --email … | --no-channels]
                    changes what is given, keeps the rest (channels given replace them all)
  list              trackers, their schedules and next runs
  run NAME [--yes]  run now: prints the plan, asks unless --yes
  runs NAME         the run log
  export NAME       the trackers file the dashboard imports, runs included, to standard output
  remove NAME
  (no verb)         the service: runs trackers on their schedules`;

const OPTIONS = {
  cron: { type: 'string' },
  tz: { type: 'string' },
  'catch-up': { type: 'boolean' },
  reserve: { type: 'string' },
  webhook: { type: 'string' },
  secret: { type: 'string' },
  ntfy: { type: 'string' },
  email: { type: 'string' },
  smtp: { type: 'string' },
  from: { type: 'string' },
  yes: { type: 'boolean' },
  'no-catch-up': { type: 'boolean' },
  'cap-run': { type: 'string' },
  'cap-month': { type: 'string' },
  'move-by': { type: 'string' },
  'no-channels': { type: 'boolean' },
  top3: { type: 'string' },
  'enters-top10': { type: 'string' },
  'leaves-top10': { type: 'string' },
} as const;

type Flags = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

export function parseCommand(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    allowPositionals: true,
  });
  return { verb: positionals[0], target: positionals[1], flags: values };
}

/** The runner's settings a command line gives; each channel needs its own fields. */
export function settingsOf(flags: Flags): RunnerSettings {
  const channels: Channel[] = [];
  if (flags.webhook) {
    if (!flags.secret) throw new Error('--webhook needs --secret: deliveries are signed with it.');
    channels.push({ kind: 'webhook', url: flags.webhook, secret: flags.secret });
  }
  if (flags.ntfy) channels.push({ kind: 'ntfy', url: flags.ntfy });
  if (flags.email) {
    if (!flags.smtp || !flags.from)
      throw new Error('--email needs --smtp smtp://host:port and --from.');
    channels.push({ kind: 'email', smtp: flags.smtp, from: flags.from, to: flags.email });
  }
  const timeZone = flags.tz ?? 'UTC';
  if (flags.cron) checkCron(flags.cron, timeZone);
  const reserve = flags.reserve === undefined ? null : Number(flags.reserve);
  if (reserve !== null && !(Number.isSafeInteger(reserve) && reserve >= 0))
    throw new Error(`--reserve must be a whole number of credits, got "${flags.reserve}".`);
  return {
    cron: flags.cron ?? null,
    timeZone,
    catchUp: flags['catch-up'] ?? false,
    reserveFloor: reserve,
    channels,
  };
}

type Out = (line: string) => void;

async function add(runner: Runner, file: string, flags: Flags, out: Out) {
  const read = parseTrackers(await readFile(file, 'utf8'));
  if ('errors' in read) throw new Error(`Not added: ${read.errors.join(' ')}`);
  const settings = settingsOf(flags);
  for (const entry of read.entries) {
    const { nextDue } = await importTracker(runner, entry, settings);
    out(
      `Added ${entry.tracker.name} (${entry.runs.length} runs)${nextDue === null ? ', not scheduled' : `, next run ${new Date(nextDue).toISOString()}`}`,
    );
  }
}

async function list(runner: Runner, out: Out) {
  const trackers = await listTrackers(runner.db);
  if (trackers.length === 0) out('No trackers. Add one: npm run runner -- add FILE');
  for (const { tracker, settings, nextDue } of trackers) {
    const schedule = settings.cron ? `${settings.cron} (${settings.timeZone})` : tracker.cadence;
    const channels = settings.channels.map(channelLabel).join(', ') || 'no alert channels';
    out(
      `${tracker.name}\t${schedule}\tnext ${nextDue === null ? '—' : new Date(nextDue).toISOString()}\t${channels}`,
    );
  }
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

async function runNow(runner: Runner, name: string, flags: Flags, out: Out) {
  const stored = await found(runner, name);
  const plan = await planRun(runner.db, runner.upstream, stored, Date.now());
  out(
    `${stored.tracker.name}: ${plan.cells} cells at ${plan.unit} credits, up to ${plan.cost} credits${plan.cap === null ? '' : ` (cap ${plan.cap})`}, via ${runner.upstream.describe}`,
  );
  if (plan.refusal) throw new Error(`Not started: ${plan.refusal.text}.`);
  if (!flags.yes && !(await confirm('Run it now? [y/N] ')))
    throw new Error('Not started (add --yes to run without the question).');
  const run = await startRunNow(runner, stored, plan);
  out(
    `Run ${run.id}: ${run.status}, ${cellsAnswered(run)} of ${plan.cells} cells answered, ${run.credits} credits${run.suspect ? `, SUSPECT: ${run.suspect}` : ''}`,
  );
}

async function runLog(runner: Runner, name: string, out: Out) {
  const { tracker } = await found(runner, name);
  const interruptedIn = await interruptedCounts(runner.db, tracker.id);
  for (const run of await loadRuns(runner.db, tracker.id)) {
    const cells = Object.values(run.cells);
    const count = (state: string) => cells.filter((c) => c.state === state).length;
    const interrupted = interruptedIn.get(run.id) ?? 0;
    out(
      [
        new Date(run.startedAt).toISOString(),
        run.status + (run.missedReason ? ` (${run.missedReason})` : ''),
        `${count('answered')} answered, ${count('failed') - interrupted} failed, ${interrupted} interrupted, ${count('not-checked')} not checked`,
        `${run.credits} credits`,
        run.suspect ? `SUSPECT: ${run.suspect}` : '',
      ]
        .filter(Boolean)
        .join('\t'),
    );
  }
}

/** A whole number of at least `min`, or null for `none`; undefined when the flag is not given. */
function amount(flag: string, raw: string | undefined, min: number): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'none') return null;
  const value = Number(raw);
  if (!(Number.isSafeInteger(value) && value >= min))
    throw new Error(`--${flag} must be a whole number of at least ${min}, or none; got "${raw}".`);
  return value;
}

/** An alert rule's switch: true for `on`, false for `off`; undefined when the flag is not given. */
function onOff(flag: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw !== 'on' && raw !== 'off') throw new Error(`--${flag} is on or off, got "${raw}".`);
  return raw === 'on';
}

/**
 * `set NAME`: changes the schedule, caps, floor, alert rule or channels it is given and keeps
 * the rest; checked whole before anything is stored. The next due follows the new schedule.
 */
async function set(runner: Runner, name: string | undefined, flags: Flags, out: Out) {
  const stored = await found(runner, name);
  const given = settingsOf({
    ...flags,
    cron: flags.cron === 'off' ? undefined : flags.cron,
    reserve: flags.reserve === 'none' ? undefined : flags.reserve,
  });
  const settings: RunnerSettings = {
    cron: flags.cron === 'off' ? null : (flags.cron ?? stored.settings.cron),
    timeZone: flags.tz ?? stored.settings.timeZone,
    catchUp: flags['no-catch-up'] ? false : flags['catch-up'] ? true : stored.settings.catchUp,
    reserveFloor:
      flags.reserve === 'none'
        ? null
        : flags.reserve === undefined
          ? stored.settings.reserveFloor
          : given.reserveFloor,
    channels: flags['no-channels']
      ? []
      : given.channels.length > 0
        ? given.channels
        : stored.settings.channels,
  };
  if (settings.cron) checkCron(settings.cron, settings.timeZone);
  const capPerRun = amount('cap-run', flags['cap-run'], 1);
  const monthlyCap = amount('cap-month', flags['cap-month'], 1);
  const moveBy = amount('move-by', flags['move-by'], 1);
  const tracker = {
    ...stored.tracker,
    capPerRun: capPerRun === undefined ? stored.tracker.capPerRun : capPerRun,
    monthlyCap: monthlyCap === undefined ? stored.tracker.monthlyCap : monthlyCap,
    alerts: {
      ...stored.tracker.alerts,
      moveBy: moveBy === undefined ? stored.tracker.alerts.moveBy : moveBy,
      top3: onOff('top3', flags.top3) ?? stored.tracker.alerts.top3,
      entersTop10:
        onOff('enters-top10', flags['enters-top10']) ?? stored.tracker.alerts.entersTop10,
      leavesTop10:
        onOff('leaves-top10', flags['leaves-top10']) ?? stored.tracker.alerts.leavesTop10,
    },
  };
  const next: StoredTracker = { tracker, settings, nextDue: null };
  next.nextDue = nextDueOf(next, Date.now());
  await saveTracker(runner.db, next);
  out(
    `Set ${tracker.name}: ${settings.cron ? `${settings.cron} (${settings.timeZone})` : tracker.cadence}, next ${next.nextDue === null ? '—' : new Date(next.nextDue).toISOString()}, cap per run ${tracker.capPerRun ?? 'none'}, monthly cap ${tracker.monthlyCap ?? 'none'}, reserve ${settings.reserveFloor ?? 'none'}, ${settings.channels.map(channelLabel).join(', ') || 'no alert channels'}`,
  );
}

async function found(runner: Runner, name: string | undefined) {
  const stored = name ? await findTracker(runner.db, name) : null;
  if (!stored) throw new Error(name ? `No tracker named “${name}”.` : 'Name a tracker.');
  return stored;
}

/** One verb of the command line; throws a message for the user. */
export async function command(runner: Runner, argv: readonly string[], out: Out): Promise<void> {
  const { verb, target, flags } = parseCommand(argv);
  switch (verb) {
    case 'add':
      if (!target) throw new Error('Name a trackers file: add FILE');
      return add(runner, target, flags, out);
    case 'list':
      return list(runner, out);
    case 'set':
      return set(runner, target, flags, out);
    case 'run':
      return runNow(runner, target!, flags, out);
    case 'runs':
      return runLog(runner, target!, out);
    case 'export': {
      const { tracker } = await found(runner, target);
      return out(
        serializeTrackers([
          {
            tracker,
            runs: (await loadRuns(runner.db, tracker.id)).filter((r) => r.status !== 'running'),
          },
        ]).trimEnd(),
      );
    }
    case 'remove': {
      const { tracker } = await found(runner, target);
      await removeTracker(runner.db, tracker.id);
      return out(`Removed ${tracker.name} and its runs.`);
    }
    default:
      throw new Error(USAGE);
  }
}
