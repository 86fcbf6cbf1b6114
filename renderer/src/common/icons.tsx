import { Icon, type IconName } from '@blueprintjs/core';
import type { Option } from './form/fields';

interface SiteIcon {
  readonly id: string;
  readonly name: string;
  readonly preview: string;
}

/** Options of an icon select fed by an icons endpoint, with the preview of each icon from the shared table. */
export function iconOptions(icons: readonly SiteIcon[], path: string, key: string) {
  return {
    path,
    key,
    map: (item: { id: string; name: string }): Option => ({
      id: item.id,
      name: item.name,
      icon: icons.find((icon) => icon.id === item.id)?.preview as IconName | undefined,
    }),
  };
}

/** An icon cell of a list: the preview and the icon's label. */
export function IconCell({ icons, value }: { icons: readonly SiteIcon[]; value: string | null }) {
  const icon = icons.find((candidate) => candidate.id === value);
  if (!icon) return <span className="bp6-text-muted">—</span>;
  return (
    <span className="icon-cell">
      <Icon icon={icon.preview as IconName} /> {icon.name}
    </span>
  );
}
