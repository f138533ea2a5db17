/**
 * Whether a JSON value nests deeper than `max` levels (a value that is not an object or a list
 * is level 0). Walked with a list of its own, never by recursion: what it guards (masking,
 * stringifying, the JSON viewer) recurses, and a file nested 3,000 levels deep overflowed the
 * stack there (issue #36). Stops at the first branch that is too deep.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}
