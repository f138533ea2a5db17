import type { ProfilerOnRenderCallback } from 'react';

// React's own fiber fields that this counter reads (React 19; the same ones React DevTools
// reads to highlight updates). Not a public API: a React upgrade that renames them makes the
// render-count test fail loudly (no component found), not pass quietly.
interface Fiber {
  tag: number;
  flags: number;
  type: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  stateNode: unknown;
}

/** Function, class, forwardRef, memo and simple-memo components: what a user's code renders. */
const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
/** React marks a fiber that called its component in this render (DevTools' didFiberRender). */
const PERFORMED_WORK = 1;

const nameOf = (type: unknown): string => {
  if (typeof type === 'function')
    return (type as { displayName?: string }).displayName ?? type.name;
  if (type && typeof type === 'object') {
    const inner =
      (type as { type?: unknown; render?: unknown }).type ?? (type as { render?: unknown }).render;
    return nameOf(inner);
  }
  return 'anonymous';
};

/**
 * The components that rendered in the commit now on screen. A subtree React did not enter
 * keeps the child it had (`child === alternate.child`): it is skipped, as its fibers still
 * carry the marks of the render that last entered them.
 */
function renderedInCommit(root: Fiber): string[] {
  const names: string[] = [];
  const walk = (fiber: Fiber) => {
    if (COMPONENT_TAGS.has(fiber.tag) && (fiber.flags & PERFORMED_WORK) !== 0)
      names.push(nameOf(fiber.type));
    const untouched = fiber.alternate !== null && fiber.child === fiber.alternate.child;
    for (let c = untouched ? null : fiber.child; c; c = c.sibling) walk(c);
  };
  walk(root);
  return names;
}

/** The committed tree of the React root in the document (Testing Library's container). */
function currentTree(): Fiber {
  for (const element of document.body.children) {
    const key = Object.keys(element).find((k) => k.startsWith('__reactContainer$'));
    if (!key) continue;
    const hostRoot = (element as unknown as Record<string, Fiber>)[key]!;
    return (hostRoot.stateNode as { current: Fiber }).current;
  }
  throw new Error('no React root in the document');
}

/** The name of every component mounted in the committed tree, rendered this time or not. */
export function mountedComponents(): string[] {
  const names: string[] = [];
  const walk = (fiber: Fiber) => {
    if (COMPONENT_TAGS.has(fiber.tag)) names.push(nameOf(fiber.type));
    for (let c = fiber.child; c; c = c.sibling) walk(c);
  };
  walk(currentTree());
  return names;
}

export interface RenderCounter {
  /** For `<Profiler onRender>` around the app: records each commit's rendered components. */
  onRender: ProfilerOnRenderCallback;
  /** Forgets what was recorded so far. */
  reset(): void;
  /** Each commit since the last reset: the names of the components it rendered. */
  commits(): string[][];
}

/** Counts, per commit, the components that rendered. */
export function renderCounter(): RenderCounter {
  let commits: string[][] = [];
  return {
    // A Profiler's onRender runs in the commit, once the new tree is the current one.
    onRender: () => void commits.push(renderedInCommit(currentTree())),
    reset: () => void (commits = []),
    commits: () => commits,
  };
}
