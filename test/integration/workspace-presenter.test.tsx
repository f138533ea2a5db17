import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DEMO_KEY, renderApp } from '../render.tsx';

/** Everything on the page a viewer could read: text, field values and attributes. */
const visible = () =>
  [
    document.body.textContent ?? '',
    ...[...document.querySelectorAll('input, textarea')].map(
      (el) => (el as HTMLInputElement).value,
    ),
    ...[...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)),
  ].join('\n');

describe('presenter mode', () => {
  test('the key shows nowhere: header, key dialog, inspector and snippets', async () => {
    const { user } = renderApp('/search?query=demo');
    await user.click(await screen.findByRole('switch', { name: /Presenter mode/ }));
    expect(screen.getByRole('switch', { name: /Presenter mode/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Key set (hidden)' })).toBeInTheDocument();

    await user.click(
      await screen.findByRole('button', { name: 'Search · 20 credits' }, { timeout: 5000 }),
    );
    await screen.findByText('Fresh result · 20 credits');
    const inspector = screen.getByRole('region', { name: 'Request inspector' });
    await user.click(within(inspector).getByText('Code snippets'));
    const includeKey = await within(inspector).findByRole('checkbox', { name: /Include my key/ });
    expect(includeKey).toBeDisabled();
    expect(includeKey).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Key set (hidden)' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    expect(within(dialog).getByLabelText('Your personal key')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Show' })).toBeDisabled();
    expect(visible()).not.toContain(DEMO_KEY);
    expect(visible()).not.toMatch(/••••-key/);
  });

  test('saving the dialog with the hidden key left empty keeps the key', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('switch', { name: /Presenter mode/ }));
    await user.click(screen.getByRole('button', { name: 'Key set (hidden)' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('web-data-dashboard.api-key')).toBe(DEMO_KEY);
  });

  test('the choice is remembered for the tab and enlarges the page', async () => {
    const first = renderApp('/');
    await first.user.click(await screen.findByRole('switch', { name: /Presenter mode/ }));
    expect(document.documentElement).toHaveAttribute('data-presenter', 'on');
    first.unmount();

    const { user } = renderApp('/');
    const toggle = await screen.findByRole('switch', { name: /Presenter mode/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(document.documentElement).not.toHaveAttribute('data-presenter');
    // A viewer outside presenter mode sees the key's last characters again.
    expect(screen.getByRole('button', { name: 'Key ••••-key' })).toBeInTheDocument();
  });
});
