import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import type { Mover } from '../../src/workspace/trackers/lib/movers.ts';
import { MoversTable } from '../../src/workspace/trackers/movers-table.tsx';

const CELLS = 1_002;
const LOCALE = { country: 'us', language: 'en' };

/** The bench tracker's size: keyword i moved up by CELLS − i places, so the biggest move is first. */
function movers(): Mover[] {
  const all = Array.from({ length: CELLS }, (_, i): Mover => ({
    cell: {
      id: `cell-${i}`,
      endpoint: 'search',
      query: `keyword ${i + 1}`,
      locale: LOCALE,
      params: {},
    },
    before: 2_000,
    after: 2_000 - (CELLS - i),
    move: 'up',
    size: CELLS - i,
    urlChanged: false,
  }));
  // Handed over in another order than shown: the table sorts them.
  return all.reverse();
}

function Table({ rows }: { rows: readonly Mover[] }) {
  const [picked, setPicked] = useState<string | null>(null);
  return <MoversTable movers={rows} locales={[LOCALE]} picked={picked} onPick={setPicked} />;
}

// The rows' keywords as shown, read straight off the table: a role query per row is seconds
// in jsdom at a thousand rows.
const keywords = (table: HTMLElement) =>
  [...table.querySelectorAll('[role=rowgroup] ~ [role=rowgroup] [role=row]')].map(
    (row) => row.querySelector('button')?.textContent,
  );

/** Waits until the last slice is in: the status says so, once. */
const allShown = (status: HTMLElement) =>
  waitFor(() => expect(status).toHaveTextContent('All 1,002 rows shown.'), { timeout: 30_000 });

// A thousand rows in jsdom: about 10 s on a loaded 2-core machine, no wait in it for time.
const THOUSAND_ROWS_MS = 60_000;

/** The table rendered and every row shown ("Show all" pressed, the last slice in). */
async function renderAllShown() {
  const user = userEvent.setup();
  render(<Table rows={movers()} />);
  const table = screen.getByRole('table', { name: /Movers/ });
  await user.click(await screen.findByRole('button', { name: 'Show all 1002 rows' }));
  await allShown(screen.getByRole('status'));
  return { user, table };
}

describe('the movers table', () => {
  test(
    '"Show all" ends with every one of 1,002 rows, in the order sorted, and says so once',
    async () => {
      const user = userEvent.setup();
      render(<Table rows={movers()} />);
      const table = screen.getByRole('table', { name: /Movers/ });
      const status = screen.getByRole('status');
      // The first page: the 50 biggest moves, the first frame's 12 before them.
      await waitFor(() => expect(keywords(table)).toHaveLength(50));
      expect(status).toHaveTextContent('');

      await user.click(screen.getByRole('button', { name: 'Show all 1002 rows' }));
      // The rest arrive a slice at a time; the table is busy until the last one, and only then
      // does the status (read out once) say how many there are.
      await allShown(status);
      expect(table).toHaveAttribute('aria-busy', 'false');
      expect(keywords(table)).toEqual(Array.from({ length: CELLS }, (_, i) => `keyword ${i + 1}`));
    },
    THOUSAND_ROWS_MS,
  );

  test(
    'a keyword picked in the last rows is marked, and only the one picked last',
    async () => {
      const { user } = await renderAllShown();
      const last = screen.getByText('keyword 1002');
      await user.click(last);
      expect(last).toHaveAttribute('aria-pressed', 'true');
      const third = screen.getByText('keyword 3');
      await user.click(third);
      expect(third).toHaveAttribute('aria-pressed', 'true');
      expect(last).toHaveAttribute('aria-pressed', 'false');
      expect(document.querySelectorAll('[aria-pressed=true]')).toHaveLength(1);
    },
    THOUSAND_ROWS_MS,
  );

  test(
    'sorted again with every row shown, the click renders the first rows in the new order, not all 1,002',
    async () => {
      const { user, table } = await renderAllShown();

      await user.click(screen.getByRole('button', { name: 'Keyword' }));
      // The click renders the first page in the new order, not a thousand rows at once; the
      // rest fills again a slice a frame, as "Show all" did (the first test follows that).
      const shown = keywords(table);
      expect(shown.length).toBeLessThan(CELLS);
      const alphabetical = Array.from({ length: CELLS }, (_, i) => `keyword ${i + 1}`).sort(
        (a, b) => a.localeCompare(b),
      );
      expect(shown).toEqual(alphabetical.slice(0, shown.length));
      expect(table).toHaveAttribute('aria-busy', 'true');
    },
    THOUSAND_ROWS_MS,
  );
});
