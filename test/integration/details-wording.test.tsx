import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';

// Issue 40.13: words a new user reads before anything has run.
describe('the words of an empty form', () => {
  test('an empty form asks to be filled in, not fixed', async () => {
    renderApp('/search');
    const inspector = await screen.findByRole('region', { name: 'Request inspector' });
    expect(within(inspector).getByText('Fill in the form to see the request.')).toBeInTheDocument();
  });

  test('a default the interface does not give says so', async () => {
    renderApp('/screenshot');
    const fullPage = await screen.findByRole('combobox', { name: /^Full page/ });
    expect(within(fullPage).getByRole('option', { selected: true })).toHaveTextContent(
      'service default (not documented)',
    );
  });
});
