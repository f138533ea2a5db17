import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';

// Issue 40.10 and 40.13: what a new user meets before anything has run.
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

  test('the sandbox queries are one Tab stop before the query field, arrows move along them', async () => {
    const { user } = renderApp('/search');
    const samples = await screen.findByRole('toolbar', { name: 'Sandbox queries' });
    const chips = within(samples).getAllByRole('button');
    expect(chips.length).toBeGreaterThan(1);
    chips[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(chips[1]).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: /^Query/ })).toHaveFocus();
  });
});
