/** Under a list: 'Показано {from}-{to} из {count} записей' (spec 01 §2.3), the pages and the page size. */
import { HTMLSelect } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { Pagination } from './Pagination';
import { PAGE_SIZES, type ListParams, type useListParams } from './useListParams';

/** What the footer reads of a paged list (a resource list, the analytics' table): its counts, page and page size, and how to change them. */
export interface PagedList {
  from: number;
  to: number;
  count: number;
  pages: number;
  params: Pick<ListParams, 'page' | 'limit'>;
  update: ReturnType<typeof useListParams>[1];
}

export function ListFooter({ list }: { list: PagedList }) {
  return (
    <div className="list-footer">
      <span data-testid="list-count">{MESSAGES.list.shown(list.from, list.to, list.count)}</span>
      <div className="list-footer-controls">
        <Pagination page={Math.min(list.params.page, list.pages)} pages={list.pages} onPage={(page) => list.update({ page })} />
        <HTMLSelect
          aria-label={MESSAGES.list.pageSize}
          value={list.params.limit}
          onChange={(event) => list.update({ limit: Number(event.currentTarget.value) })}
          options={PAGE_SIZES.map((size) => ({ value: size, label: MESSAGES.list.perPage(size) }))}
        />
      </div>
    </div>
  );
}
