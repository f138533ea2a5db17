import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';

// Issue 40.12: the sandbox's error states without a terminal (live mode: live-mode.test.tsx).
describe('the sandbox panel', () => {
  test('the SANDBOX badge opens controls that make the next search fail and set the credits left', async () => {
    const { user } = renderApp('/search?query=panel+tea');
    await user.click(await screen.findByText('SANDBOX'));
    const credits = () => screen.getByRole('spinbutton', { name: 'Credits left' });
    // The field starts from the sandbox's figure.
    await waitFor(() => expect(credits()).toHaveValue(100_000));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Answer with' }),
      '503 Unavailable',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'On' }), 'Search');
    await user.click(screen.getByRole('button', { name: 'Inject fault' }));
    await screen.findByText('503 Unavailable waits for the next search request.');
    await user.clear(credits());
    await user.type(credits(), '120');
    await user.click(screen.getByRole('button', { name: 'Set credits' }));
    expect(await screen.findByRole('link', { name: '120 credits left' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Search · 20 credits/ }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The service had an internal error (HTTP 503).');
  });
});
