import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';

describe('the other views run through the shared panel', () => {
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
