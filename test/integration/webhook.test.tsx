import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../render.tsx';
import { sandboxControl } from '../sandbox-server.ts';

const webhookCalls = async () =>
  (await sandboxControl.ledger()).calls.filter((c) => c.endpoint === '/webhook');
const SLOW = { timeout: 10_000 };
const ROUTE = '/webhook?url=https%3A%2F%2Fexample.com%2F&webhook_id=orders';

describe('webhook jobs', () => {
  test('opening a link fills the form and sends nothing', async () => {
    renderApp(ROUTE);
    expect(await screen.findByLabelText(/^Page to scrape/)).toHaveValue('https://example.com/');
    expect(await webhookCalls()).toEqual([]);
  });

  test('a page URL that is not http(s) is refused next to the field and nothing is sent', async () => {
    const { user } = renderApp('/webhook?url=ftp%3A%2F%2Fexample.com%2F');
    await user.click(await screen.findByRole('button', { name: 'Submit job · unknown cost' }));
    expect(screen.getByLabelText(/^Page to scrape/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('group', { name: 'Submit this job?' })).not.toBeInTheDocument();
    expect(await webhookCalls()).toEqual([]);
  });

  test('submitting asks to confirm the target URL first; Back sends nothing', async () => {
    const { user } = renderApp(ROUTE);
    // The place kept for the confirmation says what comes there, not a blank gap (issue 40.13).
    const waiting = await screen.findByText(/^Nothing submitted yet/);
    await user.click(await screen.findByRole('button', { name: 'Submit job · unknown cost' }));
    expect(waiting).not.toBeInTheDocument();
    const confirm = screen.getByRole('group', { name: 'Submit this job?' });
    expect(confirm).toHaveTextContent(
      'The service will scrape https://example.com/ and POST the result to your webhook orders (dynamic: false).',
    );
    // Focused in the frame after the confirmation shows (no forced layout in React's commit).
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Confirm and submit' })).toHaveFocus(),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Back to the form' }));
    expect(screen.queryByRole('group', { name: 'Submit this job?' })).not.toBeInTheDocument();
    expect(await webhookCalls()).toEqual([]);
  });

  test('editing the form withdraws a pending confirmation', async () => {
    const { user } = renderApp(ROUTE);
    await user.click(await screen.findByRole('button', { name: 'Submit job · unknown cost' }));
    expect(screen.getByRole('group', { name: 'Submit this job?' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Page to scrape/), 'pricing');
    expect(screen.queryByRole('group', { name: 'Submit this job?' })).not.toBeInTheDocument();
    expect(await webhookCalls()).toEqual([]);
  });

  test('a confirmed job shows its sid and joins the jobs table with its parameters', async () => {
    const { user } = renderApp(ROUTE);
    await user.click(await screen.findByRole('button', { name: 'Submit job · unknown cost' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and submit' }));
    const sid = (await screen.findByTestId('job-sid', {}, SLOW)).textContent ?? '';
    expect(sid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const table = screen.getByRole('table', { name: 'Submitted jobs' });
    const row = within(table).getByRole('row', { name: new RegExp(sid) });
    expect(row).toHaveTextContent('orders');
    expect(row).toHaveTextContent('https://example.com/');
    expect(row).toHaveTextContent('false');
    expect(within(row).getByRole('button', { name: /Copy job id/ })).toBeInTheDocument();
  });

  test('the dynamic switch is sent as the text true', async () => {
    const { user } = renderApp(ROUTE);
    await user.click(await screen.findByRole('switch', { name: /Dynamic/ }));
    expect(screen.getByRole('switch', { name: /Dynamic/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Submit job · unknown cost' }));
    expect(screen.getByRole('group', { name: 'Submit this job?' })).toHaveTextContent(
      '(dynamic: true)',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm and submit' }));
    const sid = (await screen.findByTestId('job-sid', {}, SLOW)).textContent ?? '';
    const row = within(screen.getByRole('table', { name: 'Submitted jobs' })).getByRole('row', {
      name: new RegExp(sid),
    });
    expect(row).toHaveTextContent('true');
  });

  test('the jobs table survives a reload and never holds the key', async () => {
    const first = renderApp(ROUTE);
    await first.user.click(
      await screen.findByRole('button', { name: 'Submit job · unknown cost' }),
    );
    await first.user.click(screen.getByRole('button', { name: 'Confirm and submit' }));
    const sid = (await screen.findByTestId('job-sid', {}, SLOW)).textContent ?? '';
    first.unmount();
    renderApp('/webhook');
    const table = await screen.findByRole('table', { name: 'Submitted jobs' });
    expect(within(table).getByRole('row', { name: new RegExp(sid) })).toBeInTheDocument();
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('demo-key');
  });

  test('in sandbox mode the delivery arrives in the inbox, matched to its job, with its latency', async () => {
    await sandboxControl.setDeliveryDelay(200);
    const { user } = renderApp(ROUTE);
    await user.click(await screen.findByRole('button', { name: 'Submit job · unknown cost' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and submit' }));
    const sid = (await screen.findByTestId('job-sid', {}, SLOW)).textContent ?? '';
    const deliveries = await screen.findByRole('list', { name: 'Deliveries' }, SLOW);
    const delivery = within(deliveries).getByRole('listitem');
    expect(delivery).toHaveTextContent(sid);
    expect(delivery).toHaveTextContent('your job for https://example.com/');
    expect(delivery).toHaveTextContent(/arrived [\d.]+ (ms|s) after submission/);
    await user.click(within(delivery).getByText('Payload'));
    // The scraped body is data: shown as text, never rendered.
    await waitFor(() => expect(delivery).toHaveTextContent('<h1>example.com</h1>'));
    expect(delivery.querySelector('h1')).toBeNull();
    const row = within(screen.getByRole('table', { name: 'Submitted jobs' })).getByRole('row', {
      name: new RegExp(sid),
    });
    await waitFor(() => expect(row).toHaveTextContent(/Delivered after [\d.]+ (ms|s)/));
  });
});
