/**
 * An id that sorts by creation time and does not collide between tabs: the time in base 36 and
 * four random bytes (batches, trackers).
 */
export const timeId = (): string =>
  `${Date.now().toString(36)}-${Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')}`;
