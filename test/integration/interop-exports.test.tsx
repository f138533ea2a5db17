import 'fake-indexeddb/auto';
import { HarValidator, PostmanValidator } from '@har-sdk/validator';
import { Validator } from '@seriousme/openapi-schema-validator';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { openApiText as buildOpenApiText } from '../../src/server/openapi-plugin.ts';
import { captureDownloads } from '../downloads.ts';
import { DEMO_KEY, renderApp } from '../render.tsx';

describe('taking requests out of the dashboard', () => {
  test('the account view downloads the very OpenAPI document the build writes, and it validates', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/account');
    await user.click(
      await screen.findByRole('button', { name: 'Download the API description (OpenAPI 3.1)' }),
    );
    await waitFor(() => expect(downloads.map((d) => d.filename)).toEqual(['openapi.json']));
    const text = await downloads[0]!.text();
    // dist/openapi.json, byte for byte.
    expect(text).toBe(buildOpenApiText());
    const doc = JSON.parse(text) as { servers: { url: string }[] };
    expect(doc.servers).toMatchObject([{ url: '{base_url}' }]);
    expect(await new Validator().validate(doc)).toEqual({ valid: true });
  });

  test('the history page exports the entries shown as a Postman collection, the key as a variable', async () => {
    const entry = (id: string, endpoint: string, params: Record<string, string>) => ({
      id,
      endpoint,
      params,
      at: Date.now(),
      durationMs: 200,
      status: 'ok',
      credits: 20,
      results: 10,
      starred: false,
    });
    window.localStorage.setItem(
      'web-data-dashboard.history',
      JSON.stringify([
        entry('a', 'search', { query: 'oolong', country: 'gb' }),
        entry('b', 'screenshot', { url: 'https://example.com/', format: 'webp' }),
        entry('c', 'retired_endpoint', { query: 'gone' }),
      ]),
    );
    const downloads = captureDownloads();
    const { user } = renderApp('/history');
    await user.click(await screen.findByRole('button', { name: 'Postman collection' }));
    await waitFor(() =>
      expect(downloads.map((d) => d.filename)).toEqual([
        expect.stringMatching(/^request-history-\d{4}-\d{2}-\d{2}\.postman_collection\.json$/),
      ]),
    );
    const text = await downloads[0]!.text();
    expect(text).not.toContain(DEMO_KEY);
    const collection = JSON.parse(text) as {
      item: { name: string; request: { url: { raw: string } } }[];
    };
    expect(await new PostmanValidator().verify(collection as never)).toEqual([]);
    expect(collection.item.map((i) => [i.name, i.request.url.raw])).toEqual([
      ['Search “oolong”', '{{baseUrl}}/search?query=oolong&country=gb'],
      [
        'Screenshot “https://example.com/”',
        '{{baseUrl}}/screenshot?url=https%3A%2F%2Fexample.com%2F&format=webp',
      ],
    ]);
  });

  test('a batch’s Postman collection, from its view, the history and the palette, has one request per cell', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/batch');
    await user.click(await screen.findByRole('textbox', { name: 'Queries' }, { timeout: 5000 }));
    await user.paste('coffee\ntea');
    await user.click(screen.getByRole('button', { name: 'Add a locale' }));
    await user.type(screen.getByRole('combobox', { name: 'Country (locale 2)' }), 'de');
    await user.type(screen.getByRole('combobox', { name: 'Language (locale 2)' }), 'de');
    await user.click(screen.getByRole('button', { name: /^Run batch · 4 requests/ }));
    await waitFor(() => expect(screen.getByTestId('batch-progress')).toHaveTextContent('4 done'), {
      timeout: 20_000,
    });
    await user.click(screen.getByRole('button', { name: 'Postman collection' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Views' })).getByRole('link', {
        name: 'History',
      }),
    );
    await screen.findByRole('heading', { name: 'Request history' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Postman collection' }));
    // The palette's export is the History page's: one request per cell too.
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('postman{Enter}');
    await waitFor(() =>
      expect(downloads.map((d) => d.filename)).toEqual([
        expect.stringMatching(/^batch-2-queries-2-locales-[\d-]+\.postman_collection\.json$/),
        expect.stringMatching(/^request-history-[\d-]+\.postman_collection\.json$/),
        expect.stringMatching(/^request-history-[\d-]+\.postman_collection\.json$/),
      ]),
    );
    for (const download of downloads) {
      const text = await download.text();
      expect(text).not.toContain(DEMO_KEY);
      const collection = JSON.parse(text) as {
        item: { name: string; request: { url: { raw: string } } }[];
      };
      expect(await new PostmanValidator().verify(collection as never)).toEqual([]);
      expect(collection.item.map((i) => i.name)).toEqual([
        'coffee (US · en)',
        'coffee (DE · de)',
        'tea (US · en)',
        'tea (DE · de)',
      ]);
      expect(collection.item[1]!.request.url.raw).toBe(
        '{{baseUrl}}/search?query=coffee&country=de&language=de',
      );
    }
  });

  test('the inspector saves the request shown as a HAR file, the key masked', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/search?query=har+tea');
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    const inspector = await screen.findByRole('region', { name: 'Request inspector' });
    await user.click(await within(inspector).findByRole('button', { name: 'Download HAR' }));
    await waitFor(() => expect(downloads.map((d) => d.filename)).toEqual(['search-request.har']));
    const text = await downloads[0]!.text();
    expect(text).not.toContain(DEMO_KEY);
    const har = JSON.parse(text) as {
      log: {
        entries: {
          request: { url: string; headers: { name: string; value: string }[] };
          response: { status: number; content: { mimeType: string; text: string } };
        }[];
      };
    };
    expect(await new HarValidator().verify(har as never)).toEqual([]);
    const [entry] = har.log.entries;
    expect(entry!.request.url).toBe(`${window.location.origin}/api/search?query=har%20tea`);
    expect(entry!.request.headers).toContainEqual({ name: 'x-api-key', value: '•••' });
    expect(entry!.response.status).toBe(200);
    expect(JSON.parse(entry!.response.content.text)).toHaveProperty('organic_results');
  });

  test('a screenshot’s HAR entry holds the image’s bytes, so a replay serves it', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/screenshot?url=https%3A%2F%2Fexample.com%2F');
    await user.click(await screen.findByRole('button', { name: /^Capture/ }));
    await screen.findByRole('img', { name: /example\.com/i });
    const inspector = await screen.findByRole('region', { name: 'Request inspector' });
    await user.click(await within(inspector).findByRole('button', { name: 'Download HAR' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    type Har = {
      log: {
        entries: {
          response: {
            status: number;
            statusText: string;
            headers: { name: string; value: string }[];
            content: { size: number; mimeType: string; text?: string; encoding?: string };
          };
        }[];
      };
    };
    const shot = JSON.parse(await downloads[0]!.text()) as Har;
    expect(await new HarValidator().verify(shot as never)).toEqual([]);
    const content = shot.log.entries[0]!.response.content;
    expect(content).toMatchObject({ mimeType: 'image/png', encoding: 'base64' });
    const bytes = Uint8Array.from(atob(content.text!), (c) => c.charCodeAt(0));
    // What a replay serves: the PNG, whole.
    expect(bytes.byteLength).toBe(content.size);
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(shot.log.entries[0]!.response.statusText).toBe('OK');
  });

  test('a failed request’s HAR entry keeps its status text, type and body', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/search?query=har+tea', { apiKey: 'wrong-key' });
    await user.click(await screen.findByRole('button', { name: 'Search · 20 credits' }));
    const inspector = await screen.findByRole('region', { name: 'Request inspector' });
    await screen.findByRole('alert');
    await user.click(await within(inspector).findByRole('button', { name: 'Download HAR' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const text = await downloads[0]!.text();
    expect(text).not.toContain('wrong-key');
    const har = JSON.parse(text) as {
      log: { entries: { response: Record<string, unknown> }[] };
    };
    expect(await new HarValidator().verify(har as never)).toEqual([]);
    expect(har.log.entries[0]!.response).toMatchObject({
      status: 401,
      statusText: 'Unauthorized',
      headers: expect.arrayContaining([
        { name: 'Content-Type', value: expect.stringMatching(/^text\/plain/) },
      ]),
      content: {
        mimeType: expect.stringMatching(/^text\/plain/),
        text: expect.stringMatching(/Invalid API key/),
      },
    });
  });

  test('the inspector’s snippets come in Go, PHP and Ruby too, with the key as a placeholder', async () => {
    const { user } = renderApp('/search?query=mocha');
    await user.click(await screen.findByText('Code snippets'));
    await screen.findByLabelText('curl snippet');
    for (const [label, id, line] of [
      ['Go', 'go', 'params.Set("api_key", "<API_KEY>")'],
      ['PHP', 'php', "'api_key' => '<API_KEY>',"],
      ['Ruby', 'ruby', "'api_key' => '<API_KEY>',"],
    ] as const) {
      await user.click(screen.getByRole('radio', { name: label }));
      const code = screen.getByLabelText(`${id} snippet`);
      expect(code).toHaveTextContent(line);
      expect(code).toHaveTextContent('mocha');
      expect(code.textContent).not.toContain(DEMO_KEY);
    }
  });
});
