import { describe, expect, test } from 'vitest';
import { renderView, VIEW_PATHS } from './render-view.tsx';

// What the build writes into each view's page (decision 024): the app's first commit there.
describe('prerendering the views', () => {
  test('covers the overview, every endpoint view, the history, the batch, the trackers and the demo scripts, not the not-found page', () => {
    expect(VIEW_PATHS).toEqual([
      '/',
      '/search',
      '/shorts',
      '/autocomplete',
      '/realty',
      '/screenshot',
      '/account',
      '/webhook',
      '/history',
      '/batch',
      '/trackers',
      '/demos',
    ]);
  });

  test.each(VIEW_PATHS)(
    '%s: the header and the view itself, never the loading fallback',
    async (path) => {
      const holder = document.createElement('div');
      holder.innerHTML = await renderView(path);
      expect(holder.querySelector('header nav[aria-label="Views"]')).not.toBeNull();
      expect(holder.querySelector('main h1')?.textContent).toMatch(/\w/);
      expect(holder.textContent).not.toContain('Loading view');
      // A first visit: no key yet, and nothing the network answered.
      expect(holder.textContent).toContain('Set API key');
      expect(holder.textContent).not.toMatch(/SANDBOX|LIVE|unreachable/);
      // The container it rendered into is gone again.
      expect(document.body.children).toHaveLength(0);
    },
  );
});
