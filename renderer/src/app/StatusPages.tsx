import { NonIdealState } from '@blueprintjs/core';
import { routePath } from '@shared/routes';
import { Link } from 'react-router-dom';

/** A registered route whose screen belongs to a later issue: said honestly, not faked. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <NonIdealState
      icon="build"
      title={title}
      description="Раздел в разработке"
      action={<Link to={routePath('applications')}>Перейти к заявкам</Link>}
      className="status-page"
    />
  );
}

export function Forbidden() {
  return <NonIdealState icon="lock" title="Нет доступа" description="Этот раздел недоступен для вашей роли." className="status-page" />;
}

export function NotFound() {
  return (
    <NonIdealState
      icon="search"
      title="Страница не найдена"
      action={<Link to={routePath('dashboard')}>На главную</Link>}
      className="status-page"
    />
  );
}
