import { Button, ButtonGroup } from '@blueprintjs/core';

/** Page buttons around the current page, with first/previous/next/last. */
export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const to = Math.min(pages, from + 4);
  const numbers = Array.from({ length: to - from + 1 }, (_, index) => from + index);
  return (
    <ButtonGroup className="pagination" aria-label="Страницы">
      <Button icon="double-chevron-left" disabled={page <= 1} onClick={() => onPage(1)} aria-label="Первая страница" />
      <Button icon="chevron-left" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Предыдущая страница" />
      {numbers.map((number) => (
        <Button key={number} text={number} active={number === page} intent={number === page ? 'primary' : 'none'} onClick={() => onPage(number)} aria-current={number === page ? 'page' : undefined} />
      ))}
      <Button icon="chevron-right" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Следующая страница" />
      <Button icon="double-chevron-right" disabled={page >= pages} onClick={() => onPage(pages)} aria-label="Последняя страница" />
    </ButtonGroup>
  );
}
