import { ENDPOINTS } from '../../api/endpoints.ts';
import { RequestPanel } from '../../workspace/request/request-panel.tsx';
import { useEndpointRun } from '../../workspace/request/use-endpoint-run.ts';
import { CaptureResult } from './components/capture-result.tsx';
import { DevicePresets } from './components/device-presets.tsx';
import { NotAScreenshot } from './components/not-a-screenshot.tsx';
import { SessionCaptures } from './components/session-captures.tsx';
import { screenshotQueries } from './queries.ts';

const spec = ENDPOINTS.screenshot;

export default function ScreenshotPage() {
  const run = useEndpointRun(spec, screenshotQueries.results);
  const result = run.data;
  const params = run.dataParams ?? {};
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Screenshot</h1>
      <DevicePresets
        width={run.values.width}
        height={run.values.height}
        onPick={(p) => run.setValues({ width: String(p.width), height: String(p.height) })}
      />
      <RequestPanel run={run} raw={result?.kind === 'json' ? result.raw : undefined}>
        {result?.kind === 'image' && (
          <CaptureResult
            capture={result}
            params={params}
            credits={spec.cost}
            fromCache={run.fromCache}
          />
        )}
        {result && result.kind !== 'image' && <NotAScreenshot result={result} cost={spec.cost} />}
      </RequestPanel>
      <SessionCaptures current={result?.kind === 'image' ? run.dataParams : null} />
    </div>
  );
}
