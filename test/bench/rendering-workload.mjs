// The rendering half of the bench's CPU calibration (calibrate.mjs, decision 116): a fixed piece
// of what the app's pages do on the main thread besides running script, timed in the same
// Chromium as the flows. Lighthouse's benchmark index is a JavaScript loop; measured on two
// machines of this kind it read 1,100–1,600 on one and 2,200–2,900 on the other, while the second
// laid out and painted the app's pages no faster (realty's 467 listings: one task of style and
// layout 233 ms and paint 166 ms at the 5.6× the index chose, TBT 536 ms against 76 ms on the
// first at 2.6×). A slowdown read from script alone overshoots such a machine.
//
// The workload is built like a results page: 600 cards of two lines in a grid and a 300 × 6
// table, styled by a sheet of selectors of the kinds the app uses. It runs in a shadow root (the
// page's own style sheets do not match inside it) in a fixed box with `contain: strict` (the
// page around it is not laid out again), so it costs the same on a blank tab and on any view.
//
// Runs in the page (page.evaluate): no imports, no closure over this module.

/**
 * Builds the workload, lays it out, restyles it once (a class on its root, as a colour-mode
 * change does) and lets one frame paint it; returns the main thread's time for each step (ms).
 * The paint is read as the time from the frame's animation callback to a message posted in it:
 * the frame's style, layout, paint and commit run between the two in one task.
 */
export async function renderingWorkload() {
  const host = document.createElement('div');
  host.style.cssText =
    'position:fixed;left:0;top:0;width:400px;height:560px;z-index:2147483647;contain:strict;overflow:hidden;background:#fff';
  const root = host.attachShadow({ mode: 'open' });
  const sheet = document.createElement('style');
  sheet.textContent = `
    :host { font: 14px/1.4 sans-serif; color: #222 }
    .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; padding: 4px }
    .card { display: flex; flex-direction: column; border: 1px solid #ccc; border-radius: 6px;
      padding: 6px; box-shadow: 0 1px 2px rgba(0, 0, 0, .2) }
    .card .title { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis }
    .card .price { color: #555 }
    .card:nth-child(3n) .price { color: #a33 }
    table { border-collapse: collapse; width: 100% }
    td { border-bottom: 1px solid #eee; padding: 2px 4px; text-align: right }
    td:first-child { text-align: left }
    .marked .card { background: linear-gradient(#fee, #fff) }
    .marked td { background: #fafafa; color: #036 }`;
  root.append(sheet);
  const started = performance.now();
  const page = document.createElement('div');
  const grid = document.createElement('div');
  grid.className = 'grid';
  for (let i = 0; i < 600; i++) {
    const card = document.createElement('div');
    card.className = 'card';
    const title = document.createElement('span');
    title.className = 'title';
    title.textContent = `Listing ${i} on ${i % 97} Elm Street, Springfield`;
    const price = document.createElement('span');
    price.className = 'price';
    price.textContent = `$${((i * 7919) % 900) + 100},000 · ${(i % 5) + 1} bd`;
    card.append(title, price);
    grid.append(card);
  }
  const table = document.createElement('table');
  for (let r = 0; r < 300; r++) {
    const row = table.insertRow();
    for (let k = 0; k < 6; k++)
      row.insertCell().textContent = k ? String((r * 31 + k * 17) % 1000) : `keyword ${r}`;
  }
  page.append(grid, table);
  const built = performance.now();
  root.append(page);
  document.body.append(host);
  void page.offsetHeight;
  const laidOut = performance.now();
  page.className = 'marked';
  void page.offsetHeight;
  const restyled = performance.now();
  const paint = await new Promise((resolve) =>
    requestAnimationFrame(() => {
      const frameStart = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - frameStart);
      channel.port2.postMessage(0);
    }),
  );
  host.remove();
  return {
    script: built - started,
    layout: laidOut - built,
    restyle: restyled - laidOut,
    paint,
    total: restyled - started + paint,
  };
}
