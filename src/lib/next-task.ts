/**
 * Resolves in a task of its own (after the browser had its turn: input, paint). Work on a big
 * answer is split at these points, so its parts never add up to one long freeze (issue #14:
 * no task over 200 ms).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
