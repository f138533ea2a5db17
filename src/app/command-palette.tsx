import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { metaQueries } from '../api/meta-queries.ts';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { useNavigate } from 'react-router';
import { openPastedRequest } from '../workspace/interop/open-pasted-request.ts';
import { decidePaste } from '../workspace/interop/paste-decision.ts';
import { usePresenterMode } from '../session/presenter-mode.ts';
import { useHistory } from '../workspace/history/history-store.ts';
import { FOCUS_VIEW } from './view-arrival.ts';
import { matchCommands, paletteCommands, type Command } from './palette-commands.ts';

/**
 * Ctrl/Cmd+K: jump to any view, a starred or recent request, or an action. A combobox over a
 * listbox (arrows move, Enter runs, Escape closes); focus goes back where it was. A curl
 * command or API URL pasted into it opens its view with the form filled.
 */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const history = useHistory();
  const presenter = usePresenterMode();
  const listId = useId();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [pasteRefused, setPasteRefused] = useState<string | null>(null);
  const { data: meta } = useQuery(metaQueries.current());
  const shown = matchCommands(paletteCommands(history, presenter, meta), text);
  const current = Math.min(active, Math.max(shown.length - 1, 0));
  // The input is the dialog's one control (options are reached through it): Tab stays on

  const choose = (command: Command | undefined) => {
    if (!command) return;
    onClose();
    // A starred or recent request reopens with its cached answer, like the history's links.
    const reopen = command.group === 'Starred' || command.group === 'Recent';
    // The view takes the focus at its heading (view-arrival.ts), not the page's body.
    if ('to' in command.run)
      void navigate(command.run.to, {
        state: reopen ? { reopen: true, ...FOCUS_VIEW } : FOCUS_VIEW,
      });
    else command.run.action();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const decision = decidePaste(e.clipboardData.getData('text/plain'), 'palette', meta?.pathMap);
    if (!decision.take) return;
    e.preventDefault();
    if (!decision.result.ok) return setPasteRefused(decision.result.reason);
    onClose();
    openPastedRequest(decision.result.request, navigate);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + shown.length) % Math.max(shown.length, 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(shown[current]);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <ModalDialog
      labelledBy={titleId}
      initialFocus={inputRef}
      onClose={onClose}
      className="max-w-lg space-y-2 p-3"
    >
      <h2 id={titleId} className="sr-only">
        Command palette
      </h2>
      <input
        ref={inputRef}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={shown.length ? optionId(current) : undefined}
        aria-label="Go to a view, a request or an action"
        aria-autocomplete="list"
        placeholder="Type a view, a request or an action…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setPasteRefused(null);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        className="w-full rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
      />
      <ul id={listId} role="listbox" aria-label="Commands" className="max-h-80 overflow-auto">
        {shown.map((command, i) => (
          // The keyboard works through the combobox (aria-activedescendant); a click is a shortcut.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={command.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className={`flex cursor-pointer justify-between gap-3 rounded px-3 py-1.5 text-sm ${i === current ? 'bg-teal-700 text-white' : ''}`}
            onMouseMove={() => setActive(i)}
            onClick={() => choose(command)}
          >
            <span>{command.label}</span>
            <span className={i === current ? 'text-teal-50' : 'text-slate-600 dark:text-slate-400'}>
              {command.group}
            </span>
          </li>
        ))}
      </ul>
      {pasteRefused && (
        <p role="alert" className="px-3 py-1.5 text-sm text-red-700 dark:text-red-400">
          {pasteRefused}
        </p>
      )}
      {shown.length === 0 && <p className="px-3 py-1.5 text-sm">Nothing matches.</p>}
    </ModalDialog>
  );
}
