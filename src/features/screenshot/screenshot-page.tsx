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
  const request = useEndpointRun(spec, screenshotQueries.results);
  const { form, shown } = request;
  const result = shown.data;
  const params = shown.params ?? {};
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Screenshot</h1>
      <DevicePresets
        width={form.values.width}
        height={form.values.height}
        onPick={(p) => form.setValues({ width: String(p.width), height: String(p.height) })}
      />
      {/*
       * A capture is about a screen tall (its frame takes up to 75% of the screen, with the
       * zoom buttons above and its facts below): the stage keeps a screen's height from the
       * first paint, so the capture fills it instead of pushing the inspector and the
       * comparison below down while they are on screen (a layout shift).
       */}
      <RequestPanel
        request={request}
        raw={result?.kind === 'json' ? result.raw : undefined}
        image={result?.kind === 'image' ? result.blob : undefined}
        stageClassName="min-h-svh"
      >
        {result?.kind === 'image' && (
          <CaptureResult
            capture={result}
            params={params}
            credits={spec.cost}
            fromCache={shown.fromCache}
          />
        )}
        {result && result.kind !== 'image' && <NotAScreenshot result={result} cost={spec.cost} />}
      </RequestPanel>
      <SessionCaptures current={result?.kind === 'image' ? shown.params : null} />
    </div>
  );
}
