/**
 * Blueprint's Breadcrumbs with Russian accessible labels (it names its navigation 'Breadcrumb' and
 * its collapsed-items button in English), for every screen that shows where the user is. A crumb
 * with `onClick` is followed inside the app (no page reload); `href` keeps it a real link.
 */
import { Breadcrumbs } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';

export interface Crumb {
  text: string;
  href?: string;
  onClick?: () => void;
}

export function AppBreadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumbs
      items={items.map(({ text, href, onClick }) => ({ text, href, onClick: onClick ? (event) => (event.preventDefault(), onClick()) : undefined }))}
      overflowListProps={{ navigationAriaLabel: MESSAGES.list.breadcrumbs }}
      overflowButtonProps={{ 'aria-label': MESSAGES.list.collapsedBreadcrumbs }}
    />
  );
}
