/**
 * Tabs whose headers carry a red warning mark when errors lie under the paths a tab owns (spec 02:
 * "a tab header shows a red warning mark when the server returned errors for that tab"). When new
 * errors arrive (or a dialog opens on a row with errors) and the open tab has none, the first tab
 * that has some is opened.
 */
import { Icon, Intent, Tab, Tabs } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ownsPath } from './tabOwnership';
import { LockedScope } from '../form/locks';

export interface EditorTab {
  id: string;
  title: string;
  /** Field names, collection keys and `…_` prefixes whose errors belong to this tab (`name`, `rooms`, `commission_`; see tabOwnership.ts). */
  owns: readonly string[] | ((path: string) => boolean);
  panel: ReactNode;
  hidden?: boolean;
  /** Why everything on the tab is read-only (null: nothing is; absent: the tab never locks). See form/locks.tsx. */
  locked?: string | null;
  /** The panel is built when the tab is first opened, not with the editor (a live call to an outside service). */
  lazy?: boolean;
}

/** Whether a tab owns an error path. */
export function tabOwns(tab: Pick<EditorTab, 'owns'>, path: string): boolean {
  return typeof tab.owns === 'function' ? tab.owns(path) : ownsPath(tab.owns, path);
}

export function EditorTabs({ id, tabs, errors, large }: { id: string; tabs: EditorTab[]; errors: FieldErrors; large?: boolean }) {
  const visible = tabs.filter((tab) => !tab.hidden);
  const marked = (tab: EditorTab) => Object.keys(errors).some((path) => tabOwns(tab, path));
  // A dialog opened on a row with errors opens on the tab that has them.
  const [selected, setSelected] = useState(() => (visible.find(marked) ?? visible[0])?.id ?? '');
  const previous = useRef(errors);
  useEffect(() => {
    if (previous.current === errors) return;
    previous.current = errors;
    const current = visible.find((tab) => tab.id === selected);
    if (current && marked(current)) return;
    const first = visible.find(marked);
    if (first) setSelected(first.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only new errors move the selection
  }, [errors]);

  // A tab hidden while it was open (a route kind without a way back) gives way to the first one shown.
  const shown = visible.some((tab) => tab.id === selected) ? selected : (visible[0]?.id ?? '');
  // Lazy tabs opened once stay built (their state kept while another tab is open).
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([shown]));
  if (!opened.has(shown)) setOpened(new Set([...opened, shown]));
  return (
    <Tabs id={id} selectedTabId={shown} onChange={(next) => setSelected(String(next))} renderActiveTabPanelOnly={false} large={large} className="editor-tabs">
      {visible.map((tab) => (
        <Tab
          key={tab.id}
          id={tab.id}
          title={
            <span className="editor-tab-title" data-testid={`tab-${tab.id}`}>
              {tab.title}
              {marked(tab) && <Icon icon="warning-sign" intent={Intent.DANGER} size={12} className="editor-error-mark" title={MESSAGES.editor.tabHasErrors} aria-label={MESSAGES.editor.tabHasErrors} />}
            </span>
          }
          panel={<div className="editor-tab-panel">{tab.lazy && !opened.has(tab.id) ? null : tab.locked === undefined ? tab.panel : <LockedScope reason={tab.locked}>{tab.panel}</LockedScope>}</div>}
        />
      ))}
    </Tabs>
  );
}
