import { describe, expect, test } from 'vitest';
import { ENDPOINTS } from './endpoints.ts';
import { validateParams } from './params.ts';
import { secondLocaleForm, secondLocaleParams } from './second-locale.ts';

describe('the second locale of a comparison', () => {
  test.each([ENDPOINTS.search, ENDPOINTS.autocomplete])(
    'is the %s request in the second country, with the same language when none is given',
    (spec) => {
      const first = { query: 'tea', language: 'fr' };
      expect(secondLocaleParams(spec, first, { vs_country: 'gb', vs_language: '' })).toEqual({
        query: 'tea',
        country: 'gb',
        language: 'fr',
      });
      expect(secondLocaleParams(spec, first, { vs_country: 'de', vs_language: 'de' })).toEqual({
        query: 'tea',
        country: 'de',
        language: 'de',
      });
    },
  );

  test("its form asks for a country, checked by the catalogue's own rules", () => {
    const form = secondLocaleForm(ENDPOINTS.search);
    expect(validateParams(form, {})).toMatchObject({
      ok: false,
      errors: { vs_country: expect.any(String) },
    });
    expect(validateParams(form, { vs_country: 'usa' }).ok).toBe(false);
    expect(validateParams(form, { vs_country: 'gb' }).ok).toBe(true);
  });
});
