import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createApiMiddleware } from '../../src/server/api-middleware.ts';
import { readApiConfig } from '../../src/server/config.ts';
import { renderApp } from '../render.tsx';
import { sandboxControl, sandboxOrigin } from '../sandbox-server.ts';

// The dashboard in LIVE mode: the real proxy in front of an upstream (here the sandbox on its own port).
let proxy: Server;
let proxyOrigin: string;
const nodeFetch = globalThis.fetch;

beforeAll(async () => {
  const middleware = createApiMiddleware(readApiConfig({ API_TARGET: `${sandboxOrigin()}/api` }));
  proxy = createServer((req, res) => middleware(req, res, () => res.end()));
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((r) => (proxy.closeAllConnections(), proxy.close(r))));

function throughProxy() {
  const sandboxFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith('/')
      ? sandboxFetch(`${proxyOrigin}${url}`, init)
      : nodeFetch(input, init);
  });
}

describe('live mode', () => {
  test('the header says LIVE with the upstream host, and the key dialog offers no demo key', async () => {
    throughProxy();
    const { user } = renderApp('/', { apiKey: null });
    expect(await screen.findByText('LIVE')).toBeInTheDocument();
    expect(screen.getByTestId('upstream-host')).toHaveTextContent(new URL(sandboxOrigin()).host);
    expect(screen.queryByText('SANDBOX')).not.toBeInTheDocument();
    // Nor its controls (issue 40.12): live, no fault or credit can be set from here.
    expect(screen.queryByText(/controls/)).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Set API key' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: /demo key/ })).not.toBeInTheDocument();
  });

  test('a search runs through the proxy and the snippets target the upstream', async () => {
    throughProxy();
    const { user } = renderApp('/search?query=proxy+test');
    await user.click(await screen.findByRole('button', { name: /Search · 20 credits/ }));
    expect(await screen.findByRole('list', { name: 'Organic results' })).toBeInTheDocument();
    expect((await sandboxControl.ledger()).accounts['demo-key']?.requestUsed).toBe(20);
    await user.click(screen.getByText('Code snippets'));
    expect(await screen.findByLabelText('curl snippet')).toHaveTextContent(
      `curl -G '${sandboxOrigin()}/api/search'`,
    );
  });

  test("autocomplete's live typing is off against the live service while the cost is unknown: typing sends nothing", async () => {
    throughProxy();
    const { user } = renderApp('/autocomplete');
    expect(await screen.findByText('LIVE')).toBeInTheDocument();
    const live = await screen.findByRole('switch', { name: 'Live typing' });
    expect(live).not.toBeChecked();
    expect(live).toHaveAccessibleDescription('one request per word or pause · unknown cost');
    await user.type(screen.getByRole('combobox', { name: /Query/ }), 'coffee');
    await new Promise((r) => setTimeout(r, 500));
    const calls = (await sandboxControl.ledger()).calls;
    expect(calls.filter((c) => c.endpoint === '/engine_autocomplete')).toHaveLength(0);
  });

  test('a webhook job shows no delivery inbox: the live service delivers to your own webhook', async () => {
    throughProxy();
    const { user } = renderApp('/webhook?url=https%3A%2F%2Fexample.com%2F');
    await user.click(await screen.findByRole('button', { name: /^Submit job/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm and submit' }));
    const sid = (await screen.findByTestId('job-sid', {}, { timeout: 5000 })).textContent ?? '';
    const row = within(screen.getByRole('table', { name: 'Submitted jobs' })).getByRole('row', {
      name: new RegExp(sid),
    });
    expect(row).toHaveTextContent('Submitted: the result goes to your webhook');
    expect(
      screen.queryByRole('heading', { name: 'Sandbox delivery inbox' }),
    ).not.toBeInTheDocument();
  });
});
