import { ENDPOINTS } from '../../api/endpoints.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { RequestPanel } from '../../components/request-panel.tsx';
import { useEndpointRun } from '../../components/use-endpoint-run.ts';
import { safeDataImage, safeHttpUrl } from '../../lib/safe-url.ts';
import { shortsQueries } from './queries.ts';

export default function ShortsPage() {
  const run = useEndpointRun(ENDPOINTS.shorts, shortsQueries.results);
  const videos = run.data?.data.short_videos_results;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Short videos</h1>
      <RequestPanel run={run} raw={run.data?.raw}>
        {videos && videos.length === 0 && <p role="status">No short videos for this query.</p>}
        {videos && videos.length > 0 && (
          <ul aria-label="Short videos" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {videos.map((v, i) => {
              const thumb = safeHttpUrl(v.thumbnail);
              const logo = safeDataImage(v.source_logo);
              return (
                <li
                  key={i}
                  className="overflow-hidden rounded border border-slate-200 dark:border-slate-700"
                >
                  <FallbackImage
                    src={thumb}
                    alt=""
                    loading="lazy"
                    className="aspect-[3/4] w-full"
                    imgClassName="object-cover"
                  />
                  <div className="space-y-1 p-2">
                    <h2 className="text-sm font-medium">
                      <ExternalLink href={v.link ?? v.thumbnail} className="hover:underline">
                        {v.title ?? 'Untitled video'}
                      </ExternalLink>
                    </h2>
                    <p className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
                      {logo && <img src={logo} alt="" className="h-4 w-4" />}
                      {v.source} · {v.account_name} · {v.date}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </RequestPanel>
    </div>
  );
}
