import { ENDPOINT_LIST } from '../../../api/endpoints.ts';
import {
  measuredCostOf,
  resetMeasuredCosts,
  type SessionUsage,
} from '../../../api/session-usage.ts';
import { costLabel } from '../../../lib/cost.ts';
import { downloadOpenApi } from '../../../workspace/interop/downloads.ts';

/**
 * Per metered endpoint: the published cost, what this tab measured (latest, and how many
 * samples agree) and a warning when a measurement contradicts the published cost.
 */
export function EndpointCosts({ usage }: { usage: SessionUsage }) {
  const rows = ENDPOINT_LIST.filter((e) => e.metered);
  return (
    <section aria-labelledby="costs-heading" className="space-y-2">
      <h2 id="costs-heading" className="text-lg font-semibold">
        Costs per endpoint
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The service publishes costs for search and screenshot only. After each request that no other
        request overlapped, the account is read again and the change in credits used is recorded as
        that endpoint&apos;s measured cost.
      </p>
      <table className="text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className="pr-4">
              Endpoint
            </th>
            <th scope="col" className="pr-4">
              Published
            </th>
            <th scope="col">Measured</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((spec) => {
            const measured = measuredCostOf(usage, spec.id);
            const contradicts =
              measured !== null && spec.cost !== null && measured.latest !== spec.cost;
            return (
              <tr key={spec.id}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {spec.title}
                </th>
                <td className="pr-4">
                  {spec.cost === null ? 'not published' : costLabel(spec.cost)}
                </td>
                <td>
                  {measured === null
                    ? 'not measured yet'
                    : `${costLabel(measured.latest)} (${measured.agreeing} of ${measured.samples} ${measured.samples === 1 ? 'sample agrees' : 'samples agree'})`}
                  {contradicts && (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                      Warning: differs from the published {costLabel(spec.cost)}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={resetMeasuredCosts}
          disabled={usage.samples.length === 0}
        >
          Reset measured costs
        </button>
        {/* Every endpoint, parameter and published cost, for other tools (issue #27). */}
        <button type="button" className="btn-secondary" onClick={() => void downloadOpenApi()}>
          Download the API description (OpenAPI 3.1)
        </button>
      </div>
    </section>
  );
}
