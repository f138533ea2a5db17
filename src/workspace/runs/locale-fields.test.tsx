import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { localeField } from './lib/locale.ts';
import { LocaleFields } from './locale-fields.tsx';

const THREE = [
  localeField({ country: 'us', language: 'en' }),
  localeField({ country: 'gb', language: 'en' }),
  localeField({ country: 'de', language: 'de' }),
];

describe('the locales of a batch or a tracker', () => {
  test('every country and language field offers the codes with their names', () => {
    render(<LocaleFields endpoint="search" locales={THREE} errors={[]} onChange={() => {}} />);
    const countries = screen.getAllByRole('combobox', { name: /country/i });
    const languages = screen.getAllByRole('combobox', { name: /language/i });
    expect(countries).toHaveLength(3);
    expect(languages).toHaveLength(3);
    for (const input of [...countries, ...languages]) {
      const options = [...((input as HTMLInputElement).list?.children ?? [])];
      expect(options.length).toBeGreaterThan(50);
    }
    const france = [...(countries[2] as HTMLInputElement).list!.children].find(
      (o) => o.getAttribute('value') === 'fr',
    );
    expect(france?.textContent).toBe('France');
  });

  test('three locales render one list of each kind, not one per field', () => {
    const { container } = render(
      <LocaleFields endpoint="search" locales={THREE} errors={[]} onChange={() => {}} />,
    );
    expect(container.querySelectorAll('datalist')).toHaveLength(2);
  });
});
