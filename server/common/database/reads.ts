import type { EntityManager } from 'typeorm';

/**
 * Runs a request's independent reads on `manager`: one after the other when it is bound to one
 * connection (a transaction's manager — queries in parallel on one client are refused by pg 9 and
 * caught by server/database/connection-discipline.ts in the tests), all at once on the pool otherwise.
 */
export async function readAll<T extends readonly unknown[]>(manager: EntityManager, reads: { readonly [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const tasks = reads as readonly (() => Promise<unknown>)[];
  // The results are in the order of `reads`, each of its read's type: the tuple T, which the runtime array cannot spell.
  let results: unknown;
  if (!manager.queryRunner) results = await Promise.all(tasks.map((read) => read()));
  else {
    const inOrder: unknown[] = [];
    for (const read of tasks) inOrder.push(await read());
    results = inOrder;
  }
  return results as T;
}
