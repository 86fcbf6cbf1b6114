/**
 * The generic list screen (spec 01 §2.3) serving every simple resource: server paging with the page
 * in the query string, debounced search, sortable columns, filters, switches, add/edit dialog,
 * view dialog and delete with confirmation. A resource brings only its declaration (./definition.ts).
 *
 * Its parts: useResourceList (the data), ListToolbar (search, filters), ResourceTable (rows and
 * their states), ListFooter (count, pages), useRowActions (delete, switches, row actions).
 */
import { Button, Card, H2, Intent } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { mayWrite } from '@shared/resources/define';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppBreadcrumbs } from '../AppBreadcrumbs';
import { useSession } from '../../api/session';
import type { ResourceScreenDefinition, RowBase, ToolbarActionSpec } from './definition';
import { ListFooter } from './ListFooter';
import { ListToolbar } from './ListToolbar';
import { ResourceDialog } from './ResourceDialog';
import { ResourceTable } from './ResourceTable';
import { ResourceViewDialog } from './ResourceViewDialog';
import { useResourceList } from './useResourceList';
import { useRowActions } from './useRowActions';
import { useRowSelection } from './useRowSelection';

type DialogState = { open: false } | { open: true; id?: number };

export function ResourceScreen<Row extends RowBase, Stored extends object>({ definition }: { definition: ResourceScreenDefinition<Row, Stored> }) {
  const { resource } = definition;
  const navigate = useNavigate();
  const list = useResourceList(definition);
  const actions = useRowActions(definition, list);
  const selection = useRowSelection(list);
  const user = useSession((state) => state.user);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [viewing, setViewing] = useState<number | null>(null);
  const closeView = useCallback(() => setViewing(null), []);
  const runToolbar = useMutation({
    mutationFn: async (action: ToolbarActionSpec) => action.run?.(selection.ids),
    onSettled: (_reply, _error, action) => {
      if (action.refreshes) list.refresh();
    },
  });
  // No form or a read-only resource (logs): no dialog. A user outside its writeRoles (the accountant on the
  // tour handbooks): no add button and no edit action. The dialog stays mounted while the session is renewed
  // (the user is signed out for a moment): its form keeps what was typed.
  const form = resource.readOnly ? undefined : definition.form;
  const editable = form !== undefined && user !== null && mayWrite(resource, user.role);
  // One object while the screen lives: the dialog's form is set afresh whenever its definition changes.
  const dialogDefinition = useMemo(() => (form ? { resource, form } : undefined), [resource, form]);
  const reply = list.list.data as Record<string, unknown> | undefined;

  // Opening a record may change other replies (it is no longer 'Новый': the header counters).
  const closeDialog = () => {
    setDialog({ open: false });
    if (definition.invalidates?.length) list.refresh(true);
  };

  return (
    <Card className="resource-screen" elevation={1}>
      <div className="screen-heading">
        <div className="screen-title">
          {definition.breadcrumbs && (
            <AppBreadcrumbs items={definition.breadcrumbs(reply).map(({ text, to }) => ({ text, href: to, onClick: to ? () => navigate(to) : undefined }))} />
          )}
          <H2>{definition.title}</H2>
          {definition.subtitle && <div className="bp6-text-muted">{typeof definition.subtitle === 'function' ? definition.subtitle(reply) : definition.subtitle}</div>}
        </div>
        <div className="screen-heading-actions">
          {user &&
            (definition.toolbar ?? [])
              .filter((action) => action.visible?.(user) ?? true)
              .map((action) => (
                <Button
                  key={action.text}
                  icon={action.icon}
                  text={action.text}
                  intent={action.intent}
                  loading={runToolbar.isPending && runToolbar.variables === action}
                  disabled={action.needsSelection === true && selection.count === 0}
                  onClick={() => (action.to ? navigate(action.to()) : runToolbar.mutate(action))}
                />
              ))}
          {editable && !resource.createdByServer && <Button intent={Intent.PRIMARY} icon="add" text={MESSAGES.list.add} aria-haspopup="dialog" onClick={() => setDialog({ open: true })} />}
        </div>
      </div>

      <ListToolbar list={list} filters={definition.filters ?? []} />
      <ResourceTable
        definition={definition}
        list={list}
        actions={actions}
        editable={editable}
        onEdit={(row) => setDialog({ open: true, id: row.id })}
        onView={(row) => setViewing(row.id)}
        selection={definition.selectable ? selection : undefined}
      />
      <ListFooter list={list} />

      {dialogDefinition && (
        <ResourceDialog
          definition={dialogDefinition}
          id={dialog.open ? dialog.id : undefined}
          isOpen={dialog.open}
          onClose={closeDialog}
          onSaved={() => list.refresh(true)}
        />
      )}
      {definition.view && <ResourceViewDialog resource={resource} view={definition.view} id={viewing} onClose={closeView} />}
      {actions.confirmations}
    </Card>
  );
}
