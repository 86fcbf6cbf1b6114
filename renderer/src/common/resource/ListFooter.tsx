/** Under a list: 'Показано {from}-{to} из {count} записей' (spec 01 §2.3), the pages and the page size. */
import { HTMLSelect } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { RowBase } from './definition';
import { Pagination } from './Pagination';
import type { ResourceList } from './useResourceList';
import { PAGE_SIZES } from './useListParams';

export function ListFooter<Row extends RowBase>({ list }: { list: ResourceList<Row> }) {
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
