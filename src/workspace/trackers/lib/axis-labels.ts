const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);
// Each spelling adds one unit to the last: the date, then minutes, seconds, milliseconds.
const DAY_PART = { month: 'short', day: 'numeric' } as const;
const MINUTES = { hour: 'numeric', minute: '2-digit' } as const;
const SECONDS = { ...MINUTES, second: '2-digit' } as const;
const MILLISECONDS = { ...SECONDS, fractionalSecondDigits: 3 } as const;
const DAY = format(DAY_PART);
const TIME = format({ timeStyle: 'short' });
const TIME_SECONDS = format({ timeStyle: 'medium' });
const TIME_MILLISECONDS = format(MILLISECONDS);
const DAY_TIME = format({ ...DAY_PART, ...MINUTES });
const DAY_TIME_SECONDS = format({ ...DAY_PART, ...SECONDS });
const DAY_TIME_MILLISECONDS = format({ ...DAY_PART, ...MILLISECONDS });

/**
 * The x-axis labels of the runs shown: the shortest spelling that tells every labelled run
 * apart. Runs of one day by their time; runs over days by their day, or by date and time when
 * two fall on one day; seconds when minutes collide (a sandbox "day on" takes seconds, so two
 * runs a sandbox day apart could both read "3:25 PM": issue 40.7), and milliseconds when
 * seconds collide (a tracker saved from a batch and run at once can start within the second its
 * batch did: two runs are never one label).
 */
export function axisLabels(times: readonly number[]): string[] {
  const spansDays = times.length > 1 && DAY.format(times[0]) !== DAY.format(times.at(-1));
  const formats = spansDays
    ? [DAY, DAY_TIME, DAY_TIME_SECONDS, DAY_TIME_MILLISECONDS]
    : [TIME, TIME_SECONDS, TIME_MILLISECONDS];
  for (const format of formats) {
    const labels = times.map((t) => format.format(t));
    if (new Set(labels).size === labels.length) return labels;
  }
  return times.map((t) => formats.at(-1)!.format(t));
}
