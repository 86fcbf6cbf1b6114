/**
 * What a big editor needs besides its record: the lists behind its selects (`GET /api/hotels/data`,
 * `GET /api/hotels/rooms/data`, `GET /api/transports/data`), each read at most once a minute, as one
 * value — `data` once every part is read, `failure` (why a part could not be read, null while none
 * failed) and `retry` (the failed parts again). `editorReadState` joins it with the record's own read
 * (useAggregateEditor), so every editor shows ReadFailure with 'Повторить' when either fails.
 */
import { useQueries } from '@tanstack/react-query';
import { api } from '../../api/http';

/** A read an editor page waits for: still loading, why it failed (null or undefined while it has not), and a new try. */
export interface EditorRead {
  loading: boolean;
  failure: unknown;
  retry(): void;
}

export interface EditorData<Data> extends EditorRead {
  /** Every part, once all are read; undefined before. */
  data: Data | undefined;
}

/** Reads each part of `paths` (`{ hotel: '/hotels/data', rooms: '/hotels/rooms/data' }`) as the part of the same name. */
export function useEditorData<Data extends Record<string, unknown>>(paths: { [Part in keyof Data]: string }): EditorData<Data> {
  const parts = Object.keys(paths) as (keyof Data & string)[];
  return useQueries({
    queries: parts.map((part) => ({
      queryKey: [paths[part]],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Data[typeof part]>(paths[part], undefined, signal),
      staleTime: 60_000,
    })),
    combine: (results) => {
      const ready = results.every((result) => result.data !== undefined);
      const failed = results.filter((result) => result.isError);
      return {
        data: ready ? (Object.fromEntries(parts.map((part, index) => [part, results[index]!.data])) as Data) : undefined,
        loading: !ready && failed.length === 0,
        failure: failed[0]?.error ?? null,
        retry: () => void Promise.all(failed.map((result) => result.refetch())),
      };
    },
  });
}

/** The read state of an editor page from all it waits for: EditorPage's loading, failed, failure and onRetry (which tries again what failed). */
export function editorReadState(...reads: EditorRead[]) {
  const failed = reads.filter((read) => read.failure !== null && read.failure !== undefined);
  return {
    loading: reads.some((read) => read.loading),
    failed: failed.length > 0,
    failure: failed[0]?.failure,
    onRetry: () => failed.forEach((read) => read.retry()),
  };
}
