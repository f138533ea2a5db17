import type { Forecast } from './lib/forecast.ts';

/**
 * The forecast as every view shows it (decision 067): one sentence, in a warning's colours only
 * when the credits run out (or may) before the plan renews, and the scheduled runs it counts.
 */
export function ForecastNote({
  forecast,
  planned = true,
}: {
  forecast: Forecast;
  planned?: boolean;
}) {
  return (
    <div className="space-y-1 text-sm" data-testid="run-out-forecast">
      <p
        role={forecast.warn ? 'alert' : undefined}
        className={
          forecast.warn
            ? 'rounded border border-amber-500 bg-amber-50 p-2 text-amber-950 dark:bg-amber-950/40 dark:text-amber-50'
            : undefined
        }
      >
        {forecast.headline}
      </p>
      {planned && forecast.plannedSentence && <p>{forecast.plannedSentence}</p>}
    </div>
  );
}
