// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';

// package.json's `engines`, the README's quick start and the locked versions must agree: a
// dependency that declares a newer Node than we promise makes `npm ci` warn EBADENGINE on the
// Node we test with (decision 076). semver is npm's own range reader, already in the tree.
const require = createRequire(import.meta.url);
const semver = require('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string) => boolean;
};
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const oldest = semver.minVersion(pkg.engines.node)!.version;

test('every locked package accepts the oldest Node that package.json promises', () => {
  const refusing = Object.entries(lock.packages)
    .map(([where, entry]) => ({ where, node: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
    .filter(({ node }) => node !== undefined && !semver.satisfies(oldest, node))
    .map(({ where, node }) => `${where.replace(/^.*node_modules\//, '')} wants ${node}`);
  expect(refusing).toEqual([]);
});

test('the README promises the Node that package.json declares', () => {
  const [major, minor] = oldest.split('.');
  expect(read('README.md')).toContain(`Node ${major}.${minor}+`);
});
