/**
 * The frame of a big editor page (spec 02 "Hotel form"): breadcrumb and heading by mode, the tabs
 * with their error marks, Save (blocked while a save runs) and Cancel (back one page), the version
 * conflict dialog, and honest loading and failure states.
 */
import { Button, Callout, Card, H2, Intent, Spinner } from '@blueprintjs/core';
import type { EditorMode } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import type { VersionConflictBody } from '@shared/api';
import type { ReactNode } from 'react';
import { AppBreadcrumbs } from '../AppBreadcrumbs';
import { ReadFailure } from '../ReadFailure';
import { Locked } from '../form/locks';
import { VersionConflictDialog } from '../version/VersionConflictDialog';
import { EditorTabs, type EditorTab } from './EditorTabs';
import { useLeaveGuard } from './useLeaveGuard';
import './editor.css';

interface Props {
  id: string;
  mode: EditorMode;
  /** Heading of each mode. */
  titles: Record<EditorMode, string>;
  breadcrumbs: { text: string; href?: string; onClick?: () => void }[];
  tabs: EditorTab[];
  errors: FieldErrors;
  loading: boolean;
  failed: boolean;
  failedText: string;
  /** Why the record (or what the form needs) could not be read, and how to ask again: the reason and 'Повторить' are shown (editorReadState gives all four). */
  failure: unknown;
  onRetry(): void;
  saving: boolean;
  onSave(): void;
  onCancel(): void;
  conflict: VersionConflictBody | null;
  onReload(): void;
  onKeepEditing(): void;
  /** Unsaved changes (read as the user leaves): leaving the page then asks first. */
  dirty?: () => boolean;
  /** Said above the tabs (what a copy did not take over). */
  notice?: string;
  /**
   * Why the record is read-only (a cancelled application), said in a banner above everything; the parts
   * it locks are the tabs' (`EditorTab.locked`) and the header's own `LockedScope`.
   */
  lockedNotice?: string | null;
  /** Why Save is not offered now (nothing the lock allows has changed): disabled, the reason on hover. */
  saveLocked?: string | null;
  /** Fields above the tabs, when the tabs are parts of what they choose (a route's transport and dates above its 'Туда' and 'Обратно'). */
  header?: ReactNode;
}

const never = () => false;

export function EditorPage(props: Props) {
  const { mode, titles } = props;
  const leaveGuard = useLeaveGuard(props.dirty ?? never);
  return (
    <Card className="editor-page" elevation={1}>
      <div className="screen-heading">
        <div>
          <AppBreadcrumbs items={props.breadcrumbs} />
          <H2>{titles[mode]}</H2>
        </div>
      </div>
      {props.failed ? (
        <ReadFailure title={props.failedText} error={props.failure} onRetry={props.onRetry} action={<Button text={MESSAGES.editor.back} onClick={props.onCancel} />} className="status-page" />
      ) : props.loading ? (
        <Spinner className="page-spinner" />
      ) : (
        <>
          {props.lockedNotice && (
            <Callout intent={Intent.WARNING} icon="lock" className="editor-notice" data-testid="editor-locked">
              {props.lockedNotice}
            </Callout>
          )}
          {props.notice && (
            <Callout intent={Intent.WARNING} icon="duplicate" className="editor-notice" data-testid="editor-notice">
              {props.notice}
            </Callout>
          )}
          {props.header}
          <EditorTabs id={props.id} tabs={props.tabs} errors={props.errors} large />
          <div className="editor-footer">
            <Button text={MESSAGES.list.cancel} onClick={props.onCancel} />
            <Locked reason={props.saveLocked ?? null} inline>
              <Button intent={Intent.PRIMARY} icon="floppy-disk" text={MESSAGES.list.save} loading={props.saving} disabled={props.saving || Boolean(props.saveLocked)} onClick={props.onSave} data-testid="editor-save" />
            </Locked>
          </div>
        </>
      )}
      <VersionConflictDialog conflict={props.conflict} onReload={props.onReload} onKeepEditing={props.onKeepEditing} />
      {leaveGuard}
    </Card>
  );
}
