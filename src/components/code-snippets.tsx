import { useState } from 'react';
import { usePresenterMode } from '../session/presenter-mode.ts';
import { buildSnippet, type SnippetLanguage, type SnippetTarget } from '../lib/snippets.ts';
import { CopyButton } from './copy-button.tsx';

const LANGUAGES: { id: SnippetLanguage; label: string }[] = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
  { id: 'go', label: 'Go' },
  { id: 'php', label: 'PHP' },
  { id: 'ruby', label: 'Ruby' },
];

/** curl, JavaScript, Python, Go, PHP and Ruby for the current request, with a key placeholder unless the user opts in. */
export interface CodeSnippetsProps {
  target: Omit<SnippetTarget, 'apiKey'>;
  realKey: string | null;
}

export function CodeSnippets({ target, realKey }: CodeSnippetsProps) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const [withKey, setWithKey] = useState(false);
  // Presenter mode: the placeholder only, and no way to put the key in.
  const presenter = usePresenterMode();
  const keyAllowed = realKey !== null && !presenter;
  const code = buildSnippet(language, {
    ...target,
    apiKey: withKey && keyAllowed ? realKey : undefined,
  });
  return (
    <div className="space-y-2">
      <div
        role="radiogroup"
        aria-label="Snippet language"
        className="flex flex-wrap items-center gap-2"
      >
        {LANGUAGES.map((l) => (
          <label
            key={l.id}
            className="btn-chip has-[:checked]:bg-slate-800 has-[:checked]:text-white dark:has-[:checked]:bg-slate-200 dark:has-[:checked]:text-slate-900"
          >
            <input
              type="radio"
              className="sr-only"
              name="snippet-language"
              checked={language === l.id}
              onChange={() => setLanguage(l.id)}
            />
            {l.label}
          </label>
        ))}
        <label className="ml-auto flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={withKey && keyAllowed}
            disabled={!keyAllowed}
            onChange={(e) => setWithKey(e.target.checked)}
          />
          Include my key{presenter ? ' (off in presenter mode)' : ''}
        </label>
        <CopyButton text={code} label="Copy code" />
      </div>
      <pre
        aria-label={`${language} snippet`}
        className="overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
