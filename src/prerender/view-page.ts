/**
 * A view's prerendered page (decision 024), made from the built index.html: the view's first
 * commit inside `#root` (inert: it is a picture of the view until the app replaces it), and the
 * app's module scripts handed to the boot script, which loads them once that picture has been
 * painted. The stylesheets stay where they are: they are what the picture needs.
 */
export function viewPage(indexHtml: string, markup: string, bootSrc: string): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('prerender: the built index.html has no module script');
  const preload: string[] = [];
  let html = indexHtml
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      preload.push(href);
      return '';
    });
  if (!html.includes('<div id="root"></div>') || !html.includes('</head>'))
    throw new Error('prerender: the built index.html has no empty #root or no </head>');
  const boot = `<script src="${bootSrc}" data-entry="${entry[1]}" data-preload="${preload.join(' ')}"></script>`;
  html = html
    .replace('</head>', `  ${boot}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root" inert>${markup}</div>`);
  return html;
}
