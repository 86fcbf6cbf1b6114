/**
 * Which tab of an editor (or of a row dialog) an error path belongs to. A tab claims paths by name —
 * exact fields (`name`), whatever lies under a field, row or collection (`rooms` owns
 * `rooms.3.dates.0.to`), and every field a name ending in `_` begins (`commission_` owns
 * `commission_adult_sum`) — and one tab (the general one) takes every path no other tab claims, so
 * no error is left without a red mark.
 */
import { ownsPath } from '@shared/editor';

export { ownsPath };

/** A tab's claim: exact names, fields, rows and collections, and `…_` prefixes. */
export type OwnedPaths = readonly string[];

export type PathOwner = (path: string) => boolean;

/** The claim as a predicate (for `EditorTab.owns` where a function is needed). */
export const owner =
  (owned: OwnedPaths): PathOwner =>
  (path) =>
    ownsPath(owned, path);

export interface TabOwnership<Tab extends string> {
  /** Each claiming tab's predicate. */
  owns: Record<Tab, PathOwner>;
  /** The paths no claiming tab owns (the general tab's). */
  rest: PathOwner;
  /** The claiming tab that owns a path (the first in declaration order), or undefined for the rest. */
  tabOf(path: string): Tab | undefined;
}

/** The predicates of an editor's tabs from their claims: `tabOwnership({ rooms: ['rooms'], commission: ['commission_', 'is_differentiate'] })`. */
export function tabOwnership<Tab extends string>(claims: Record<Tab, OwnedPaths>): TabOwnership<Tab> {
  const entries = Object.entries(claims) as [Tab, OwnedPaths][];
  const owns = Object.fromEntries(entries.map(([tab, owned]) => [tab, owner(owned)])) as Record<Tab, PathOwner>;
  const tabOf = (path: string) => entries.find(([, owned]) => ownsPath(owned, path))?.[0];
  return { owns, rest: (path) => tabOf(path) === undefined, tabOf };
}
