/** An editor's read state joined from its record and its lists: the first failure is shown, 'Повторить' tries again only what failed. */
import { describe, expect, it, vi } from 'vitest';
import { afterSaveIn } from './useAggregateEditor';
import { editorReadState } from './useEditorData';

const read = (failure: unknown = null, loading = false) => ({ loading, failure, retry: vi.fn() });

describe('editorReadState', () => {
  it('is loading while any read is, and not failed while none has', () => {
    expect(editorReadState(read(null, true), read())).toMatchObject({ loading: true, failed: false, failure: undefined });
    expect(editorReadState(read(undefined), read())).toMatchObject({ loading: false, failed: false });
  });

  it('shows the first failure and retries only the failed reads', () => {
    const record = read();
    const lists = read(new Error('Нет связи с сервером'));
    const state = editorReadState(record, lists);
    expect(state.failed).toBe(true);
    expect(state.failure).toBe(lists.failure);
    state.onRetry();
    expect(lists.retry).toHaveBeenCalledTimes(1);
    expect(record.retry).not.toHaveBeenCalled();
  });

  it('retries both when both failed', () => {
    const record = read(new Error('404'));
    const lists = read(new Error('500'));
    const state = editorReadState(record, lists);
    expect(state.failure).toBe(record.failure);
    state.onRetry();
    expect([record.retry.mock.calls.length, lists.retry.mock.calls.length]).toEqual([1, 1]);
  });
});

describe('afterSaveIn', () => {
  it('goes back unless told otherwise, and reads a choice per mode', () => {
    expect(afterSaveIn(undefined, 'edit')).toBe('back');
    expect(afterSaveIn('reload', 'create')).toBe('reload');
    const tour = { create: 'back', copy: 'back', edit: 'stay' } as const;
    expect((['create', 'edit', 'copy'] as const).map((mode) => afterSaveIn(tour, mode))).toEqual(['back', 'stay', 'back']);
  });
});
