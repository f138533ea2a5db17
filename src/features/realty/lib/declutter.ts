/** A box on screen, in pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A label under a marker: its box, its marker's box, and how much it matters (a cluster's count). */
export interface Label {
  box: Box;
  marker: Box;
  weight: number;
}

const overlap = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Which labels to show so that none covers another label or another marker: the heaviest
 * first (the biggest cluster keeps its median), each kept only where it has room. Markers
 * themselves may overlap (the clustering decides that); their labels never do.
 */
export function labelsWithRoom(labels: readonly Label[]): boolean[] {
  const order = labels.map((_, i) => i).sort((a, b) => labels[b]!.weight - labels[a]!.weight);
  const kept: Box[] = [];
  const shown = labels.map(() => false);
  for (const i of order) {
    const { box } = labels[i]!;
    const onMarker = labels.some((other, j) => j !== i && overlap(box, other.marker));
    if (onMarker || kept.some((k) => overlap(box, k))) continue;
    kept.push(box);
    shown[i] = true;
  }
  return shown;
}
