import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';

describe('command palette and shortcuts', () => {
  test('Ctrl+K opens the palette; typing, arrows and Enter go to a view', async () => {
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const box = within(palette).getByRole('combobox');
    expect(box).toHaveFocus();
    await user.keyboard('shot');
    const options = within(palette).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Screenshot/),
      expect.stringMatching(/^Open snapshot/),
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    // The list wraps around.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/screenshot'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('the palette finds the account by “credits” or “usage”, names each view once, and focuses the view it opens', async () => {
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.keyboard('{Control>}k{/Control}');
    let palette = await screen.findByRole('dialog', { name: 'Command palette' });
    const labels = within(palette)
      .getAllByRole('option')
      .filter((o) => o.textContent?.endsWith('Views'))
      .map((o) => o.textContent.replace(/Views$/, ''));
    expect(labels).toContain('Search');
    expect(labels.filter((l) => /^(.+) — \1$/.test(l))).toEqual([]);
    await user.keyboard('usage');
    expect(within(palette).getAllByRole('option')[0]).toHaveTextContent(/^Account/);
    await user.keyboard('{Escape}{Control>}k{/Control}');
    palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('credits{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  test('the nav puts the search first, the workspace after the endpoints', async () => {
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Views' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Overview',
      'Search',
      'Shorts',
      'Autocomplete',
      'Realty map',
      'Screenshot',
      'Account',
      'Webhooks',
      'Batch',
      'Trackers',
      'History',
      'Demos',
    ]);
  });

  test('the batch and the trackers are views of the palette too', async () => {
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    for (const [typed, path] of [
      ['track', '/trackers'],
      ['batch', '/batch'],
    ] as const) {
      await user.keyboard('{Control>}k{/Control}');
      const palette = await screen.findByRole('dialog', { name: 'Command palette' });
      await user.keyboard(typed);
      expect(within(palette).getAllByRole('option')[0]).toHaveTextContent(
        path === '/batch' ? 'Batch — queries × locales' : 'Trackers — rankings over time',
      );
      await user.keyboard('{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
    }
  });

  test('the palette lists starred and recent requests and runs actions such as presenter mode', async () => {
    window.localStorage.setItem(
      'web-data-dashboard.history',
      JSON.stringify([
        {
          id: 'a',
          endpoint: 'search',
          params: { query: 'starred tea' },
          at: Date.now(),
          durationMs: 200,
          status: 'ok',
          credits: 20,
          results: 10,
          starred: true,
        },
      ]),
    );
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    expect(within(palette).getByRole('option', { name: /Search “starred tea”\s*Starred/ }));
    await user.keyboard('presenter{Enter}');
    expect(screen.getByRole('switch', { name: /Presenter mode/ })).toBeChecked();

    await user.keyboard('{Meta>}k{/Meta}');
    await user.keyboard('starred tea');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?query=starred+tea'));
  });

  test('Escape closes the palette and gives focus back', async () => {
    const { user } = renderApp('/');
    const key = await screen.findByRole('button', { name: /Key/ });
    key.focus();
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(key).toHaveFocus();
  });

  test('/ focuses the main field of the view and ? lists the shortcuts', async () => {
    const { user } = renderApp('/search');
    const query = await screen.findByLabelText(/^Query/, {}, { timeout: 5000 });
    await user.click(document.body);
    await user.keyboard('/');
    expect(query).toHaveFocus();
    expect(query).toHaveValue('');

    await user.click(document.body);
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Ctrl+K / ⌘K');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
