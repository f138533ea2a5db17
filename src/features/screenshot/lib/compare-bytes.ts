/** "B is 63% smaller than A", "B is 2.4× the size of A", or "A and B are the same size". */
export function compareBytes(a: number, b: number): string {
  if (a === b || a === 0) return 'A and B are the same size';
  if (b < a) return `B is ${Math.round((1 - b / a) * 100)}% smaller than A`;
  const ratio = b / a;
  return ratio < 2
    ? `B is ${Math.round((ratio - 1) * 100)}% larger than A`
    : `B is ${ratio.toFixed(1)}× the size of A`;
}
