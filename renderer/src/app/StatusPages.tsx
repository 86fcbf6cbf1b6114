import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useSession } from '../api/session';
import { landingPath } from './landing';

/** A link to the user's working page (app/landing.ts), never to another page still in the works. */
function ToWork({ text }: { text: string }) {
  const user = useSession((state) => state.user);
  return user ? <Link to={landingPath(user.role)}>{text}</Link> : null;
}

/** A registered route whose screen belongs to a later issue: said honestly, not faked. */
export function UnderConstruction({ title }: { title: string }) {
  return <NonIdealState icon="build" title={title} description="Раздел в разработке" action={<ToWork text="Перейти к работе" />} className="status-page" />;
}

export function Forbidden() {
  return <NonIdealState icon="lock" title="Нет доступа" description="Этот раздел недоступен для вашей роли." className="status-page" />;
}

export function NotFound() {
  return <NonIdealState icon="search" title="Страница не найдена" action={<ToWork text="На главную" />} className="status-page" />;
}
