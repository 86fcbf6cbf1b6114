/**
 * /applications (spec 03 §2.1): the order book. The kit's list parts — the query-string parameters
 * and the page of rows (a newer request aborts the running one: react-query hands its AbortSignal to
 * fetch and drops a query nobody watches any more), the table with its selection, the footer — with
 * the applications' own filter bar, the bulk message over the selected rows and the chat dialog.
 */
import { Button, Card, H2, Intent } from '@blueprintjs/core';
import type { ApplicationListRow } from '@shared/applications/list';
import { MESSAGES } from '@shared/messages';
import { editorRoute, routePath } from '@shared/routes';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ListFooter } from '../../../common/resource/ListFooter';
import { ResourceTable } from '../../../common/resource/ResourceTable';
import { useResourceList } from '../../../common/resource/useResourceList';
import { useRowActions } from '../../../common/resource/useRowActions';
import { useRowSelection } from '../../../common/resource/useRowSelection';
import { BulkMessageDialog, ChatDialog, chatApplicationOf } from '../chat';
import { ApplicationFiltersBar } from './ApplicationFiltersBar';
import { applicationsListScreen } from './applicationsListScreen';
import './list.css';

export function ApplicationsListPage() {
  const [chatWith, setChatWith] = useState<ApplicationListRow | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const navigate = useNavigate();
  const definition = useMemo(() => applicationsListScreen(setChatWith), []);
  const list = useResourceList(definition);
  const actions = useRowActions(definition, list);
  const selection = useRowSelection(list);

  // stacked-rows: each row is a stack of one-line entries by design (the screen walk checks the lines, not the row).
  return (
    <Card className="resource-screen applications-list stacked-rows" elevation={1}>
      <div className="screen-heading">
        <div className="screen-title">
          <H2>{definition.title}</H2>
          <div className="bp6-text-muted">{definition.subtitle as string}</div>
        </div>
        <div className="screen-heading-actions">
          {selection.count > 0 && <span className="bp6-text-muted" data-testid="selected-count">{MESSAGES.list.selected(selection.count)}</span>}
          <Button icon="send-message" text={MESSAGES.applicationList.sendMessage} disabled={selection.count === 0} aria-haspopup="dialog" onClick={() => setBulkOpen(true)} />
          <Button intent={Intent.PRIMARY} icon="add" text={MESSAGES.list.add} onClick={() => navigate(routePath(editorRoute('application', 'create')))} />
        </div>
      </div>
      <ApplicationFiltersBar list={list} />
      <ResourceTable
        definition={definition}
        list={list}
        actions={actions}
        editable={false}
        onEdit={() => undefined}
        onView={() => undefined}
        selection={selection}
        rowLabel={(row) => MESSAGES.applicationList.selectRow(row.number)}
      />
      <ListFooter list={list} />
      {actions.confirmations}
      <ChatDialog application={chatWith ? chatApplicationOf(chatWith) : null} onClose={() => setChatWith(null)} />
      {/* Sent: the selection has done its work and is cleared; the list shows the rows' new messages. */}
      {bulkOpen && <BulkMessageDialog applicationIds={selection.ids} onClose={() => setBulkOpen(false)} onSent={selection.clear} />}
    </Card>
  );
}
