import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { ENDPOINTS } from '../api/endpoints.ts';
import { useParamForm } from './use-param-form.ts';

type Form = ReturnType<typeof useParamForm>;

/** A route whose form writes typing to the URL after a pause (decision 099), as autocomplete's. */
function renderForm(path: string) {
  const seen: { form: Form | null } = { form: null };
  function Page() {
    seen.form = useParamForm(ENDPOINTS.autocomplete, { urlAfterPauseMs: 50 });
    return null;
  }
  const router = createMemoryRouter([{ path: '/autocomplete', Component: Page }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  const query = () => new URLSearchParams(router.state.location.search).get('query');
  return { seen, router, query };
}

describe('useParamForm with the URL after a pause', () => {
  test('keys typed while the form’s own URL write is still on its way reach the URL once typing pauses', async () => {
    const { seen, query } = renderForm('/autocomplete?live=1');
    await waitFor(() => expect(seen.form).not.toBeNull());
    // A push (a word after a shown answer) writes at once; the keys after it land before the
    // router has rendered that URL, as keys do while its transition is interrupted on a phone
    // (the bench's live typing at the reference CPU). Their write waits for the pause.
    act(() => {
      seen.form!.setValue('query', 'coffee s', { replace: false });
      seen.form!.setValue('query', 'coffee sh', { replace: true });
      seen.form!.setValue('query', 'coffee shop', { replace: true });
    });
    expect(seen.form!.values.query).toBe('coffee shop');
    await waitFor(() => expect(query()).toBe('coffee shop'));
    expect(seen.form!.values.query).toBe('coffee shop');
  });

  test('a pending write is dropped when something else wrote the URL meanwhile (a link, Back)', async () => {
    const { seen, router, query } = renderForm('/autocomplete?live=1');
    await waitFor(() => expect(seen.form).not.toBeNull());
    act(() => seen.form!.setValue('query', 'coffee', { replace: true }));
    await act(() => router.navigate('/autocomplete?query=tea'));
    await new Promise((r) => setTimeout(r, 120));
    expect(query()).toBe('tea');
    expect(seen.form!.values.query).toBe('tea');
  });
});
