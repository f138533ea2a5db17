import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { captureDownloads } from '../downloads.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

describe('the other views run through the shared panel', () => {
  test('short videos show as cards with safe links and inline logos', async () => {
    const { user } = renderApp('/shorts?query=cats');
    expect(
      await screen.findByRole('button', { name: 'Search shorts · unknown cost' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Search shorts/ }));
    const list = await screen.findByRole('list', { name: 'Short videos' });
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(3);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('autocomplete lists suggestions by relevance', async () => {
    const { user } = renderApp('/autocomplete?query=how+to');
    await user.click(await screen.findByRole('button', { name: /Suggest · unknown cost/ }));
    const region = await screen.findByRole('region', { name: 'Suggestions' });
    expect(within(region).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(region).toHaveTextContent(/Relevance of the query as typed: \d+/);
  });

  test('a screenshot shows the image with its type and size, and costs 5 credits', async () => {
    captureDownloads();
    const { user } = renderApp(
      '/screenshot?url=https%3A%2F%2Fexample.com%2F&format=jpg&width=400&height=300',
    );
    await user.click(await screen.findByRole('button', { name: 'Capture · 5 credits' }));
    expect(
      await screen.findByRole('img', { name: 'Screenshot of https://example.com/' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/image\/jpeg · [\d.]+ KB/)).toBeInTheDocument();
    expect(await screen.findByText('99,995 credits left')).toBeInTheDocument();
  });

  test('a screenshot of an unreachable page is a charged 404 with that said', async () => {
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fbroken.invalid%2F');
    await user.click(await screen.findByRole('button', { name: 'Capture · 5 credits' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/target URL is wrong/);
    expect(alert).toHaveTextContent('Credits were spent on this request.');
  });

  test('a webhook submission shows the job id and lists it for the session', async () => {
    const { user } = renderApp('/webhook?url=https%3A%2F%2Fexample.com%2F&webhook_id=orders');
    await user.click(await screen.findByRole('button', { name: /Submit job · unknown cost/ }));
    const sid = await screen.findByTestId('job-sid');
    expect(sid.textContent).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('region', { name: /Submitted in this session/ })).toHaveTextContent(
      'orders',
    );
  });

  test('the account page shows credits left, usage and limits', async () => {
    await sandboxControl.setCreditsUsed(1234);
    renderApp('/account');
    expect(await screen.findByText('98,766')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Sandbox · monthly')).toBeInTheDocument();
    expect(screen.getByText('screenshotConcurrencyLimit')).toBeInTheDocument();
  });

  test('the overview shows credits at a glance and a card per capability', async () => {
    renderApp('/');
    expect(await screen.findByText('100,000')).toBeInTheDocument();
    const cards = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(cards).toEqual(
      expect.arrayContaining([
        'Search',
        'Short videos',
        'Autocomplete',
        'Realty listings',
        'Screenshot',
        'Account',
        'Webhook jobs',
      ]),
    );
    const cardOf = (title: string) =>
      screen.getByRole('heading', { level: 2, name: title }).closest('li')!;
    expect(cardOf('Search')).toHaveTextContent('GET /search · 20 credits');
    expect(cardOf('Screenshot')).toHaveTextContent('GET /screenshot · 5 credits');
    expect(cardOf('Realty listings')).toHaveTextContent('GET /realty · unknown cost');
  });
});
