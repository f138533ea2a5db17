import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { captureDownloads } from '../downloads.ts';
import { renderApp } from '../render.tsx';

async function rawResponse() {
  const app = renderApp('/search?query=json+viewer');
  await app.user.click(
    await screen.findByRole('button', { name: 'Search · 20 credits' }, { timeout: 5000 }),
  );
  await screen.findByText('Fresh result · 20 credits');
  const inspector = screen.getByRole('region', { name: 'Request inspector' });
  await app.user.click(within(inspector).getByText('Raw response'));
  // The viewer's code may still be on its way.
  await within(inspector).findByRole('group', { name: 'response tree' });
  return { ...app, inspector };
}

describe('the raw JSON viewer', () => {
  test('search counts and highlights matching keys and values, and opens their branches', async () => {
    const { user, inspector } = await rawResponse();
    await user.type(within(inspector).getByLabelText('Search response keys and values'), 'link');
    expect(await within(inspector).findByText(/^\d+ matches$/)).toBeInTheDocument();
    const tree = await within(inspector).findByRole('group', { name: 'response tree' });
    const marks = tree.querySelectorAll('mark');
    expect(marks.length).toBeGreaterThan(0);
    expect(marks[0]).toHaveTextContent('link');
  });

  test('a selected value copies its path and value, and the tree narrows to a part to download', async () => {
    const downloads = captureDownloads();
    const { user, inspector } = await rawResponse();
    const tree = await within(inspector).findByRole('group', { name: 'response tree' });
    await user.click(within(tree).getByRole('button', { name: /^organic_results, \d+ items$/ }));
    await user.click(within(tree).getByRole('button', { name: /^3, \d+ keys$/ }));
    await user.click(within(tree).getByRole('button', { name: 'link:' }));

    const selection = within(inspector).getByRole('group', { name: 'Selected node' });
    expect(selection).toHaveTextContent('organic_results[3].link');
    await user.click(within(selection).getByRole('button', { name: 'Copy path' }));
    expect(await navigator.clipboard.readText()).toBe('organic_results[3].link');
    await user.click(within(selection).getByRole('button', { name: 'Copy value' }));
    expect(await navigator.clipboard.readText()).toMatch(/^"https:\/\//);

    await user.click(within(tree).getByRole('button', { name: /^3, \d+ keys$/ }));
    await user.click(within(inspector).getByRole('button', { name: 'Show only this' }));
    expect(within(inspector).getByText(/Showing only/)).toHaveTextContent(
      'Showing only organic_results[3]',
    );
    await user.click(within(inspector).getByRole('button', { name: 'Download this part' }));
    const part = JSON.parse(await downloads[0]!.text()) as { rank: number };
    expect(part.rank).toBe(4);
  });
});
