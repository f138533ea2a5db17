import { Validator } from '@seriousme/openapi-schema-validator';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { captureDownloads } from '../downloads.ts';
import { renderApp } from '../render.tsx';

describe('taking requests out of the dashboard', () => {
  test('the account view downloads the OpenAPI document for this server, and it validates', async () => {
    const downloads = captureDownloads();
    const { user } = renderApp('/account');
    await user.click(
      await screen.findByRole('button', { name: 'Download the API description (OpenAPI 3.1)' }),
    );
    await waitFor(() => expect(downloads.map((d) => d.filename)).toEqual(['openapi.json']));
    const doc = JSON.parse(await downloads[0]!.text()) as { servers: { url: string }[] };
    expect(doc.servers).toEqual([{ url: `${window.location.origin}/api` }]);
    expect(await new Validator().validate(doc)).toEqual({ valid: true });
  });
});
