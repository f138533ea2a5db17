import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';

describe('the other views run through the shared panel', () => {
  test('a webhook submission shows the job id and lists it for the session', async () => {
    const { user } = renderApp('/webhook?url=https%3A%2F%2Fexample.com%2F&webhook_id=orders');
    await user.click(await screen.findByRole('button', { name: /Submit job · unknown cost/ }));
    const sid = await screen.findByTestId('job-sid');
    expect(sid.textContent).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('region', { name: /Submitted in this session/ })).toHaveTextContent(
      'orders',
    );
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
