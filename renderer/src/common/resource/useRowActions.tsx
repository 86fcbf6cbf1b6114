/**
 * What the buttons and switches of a row do: delete (always asked first, spec 01 §2.3), the list
 * switches (active, filter…), and the definition's own row actions (asked first when they have
 * `confirm`, or open their `dialog`). Returns the handlers and the confirmation alerts and dialogs to render once per screen.
 */
import { Alert, Intent } from '@blueprintjs/core';
import type { SwitchReply } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../api/http';
import { ConfirmDelete } from '../ConfirmDelete';
import { notifyFailure } from '../failure';
import { toast } from '../toaster';
import type { ResourceScreenDefinition, RowActionSpec, RowBase } from './definition';
import type { ResourceList } from './useResourceList';

export function useRowActions<Row extends RowBase, Stored>(definition: ResourceScreenDefinition<Row, Stored>, list: ResourceList<Row>) {
  const { resource } = definition;
  const { path, refresh } = list;
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [toConfirm, setToConfirm] = useState<{ action: RowActionSpec<Row>; row: Row } | null>(null);
  const [inDialog, setInDialog] = useState<{ action: RowActionSpec<Row>; row: Row } | null>(null);

  const remove = useMutation({
    mutationFn: (row: Row) => api.delete(`${path}/${row.id}`),
    onSuccess: () => {
      toast.success(resource.messages.deleted);
      refresh(true);
    },
    // 403: the server's message or 'Невозможно удалить, т.к. запись используется' (spec 01 §8).
    onError: (error) => notifyFailure(error, error instanceof ApiError && error.status === 403 ? MESSAGES.errors.inUse : (resource.messages.deleteFailed ?? MESSAGES.errors.deleteFailed)),
  });

  const runAction = useMutation({
    mutationFn: async ({ action, row }: { action: RowActionSpec<Row>; row: Row }) => action.run?.(row),
    onSettled: () => refresh(true),
  });

  const switchFlag = useMutation({
    mutationFn: ({ row, segment }: { row: Row; segment: string }) => api.put<SwitchReply>(`${path}/${row.id}/${segment}`),
    onSuccess: (reply, { segment }) => {
      const column = resource.switches?.[segment] ?? '';
      const describe = MESSAGES.switches[segment] ?? MESSAGES.switches.active!;
      toast.success(describe(reply.name, Boolean(reply[column])));
      refresh();
    },
    onError: (error) => notifyFailure(error, MESSAGES.errors.generic),
  });

  /** A row action: a link opens its page, a dialog opens, one with `confirm` is asked first, the others run. */
  const start = (action: RowActionSpec<Row>, row: Row, navigate: (to: string) => void) => {
    if (action.to) navigate(action.to(row));
    else if (action.dialog) setInDialog({ action, row });
    else if (action.confirm) setToConfirm({ action, row });
    else runAction.mutate({ action, row });
  };

  const confirmations = (
    <>
      {inDialog?.action.dialog?.(inDialog.row, () => setInDialog(null))}
      <Alert
        isOpen={toConfirm !== null}
        intent={toConfirm?.action.intent ?? Intent.PRIMARY}
        icon={toConfirm?.action.icon}
        confirmButtonText={MESSAGES.list.yes}
        cancelButtonText={MESSAGES.list.cancel}
        canOutsideClickCancel
        canEscapeKeyCancel
        onCancel={() => setToConfirm(null)}
        onConfirm={() => {
          if (toConfirm) runAction.mutate(toConfirm);
          setToConfirm(null);
        }}
      >
        <p>{toConfirm && (typeof toConfirm.action.confirm === 'function' ? toConfirm.action.confirm(toConfirm.row) : toConfirm.action.confirm)}</p>
      </Alert>
      <ConfirmDelete
        item={toDelete}
        message={definition.confirmDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={(row) => {
          remove.mutate(row);
          setToDelete(null);
        }}
      />
    </>
  );

  return {
    askDelete: setToDelete,
    toggle: (row: Row, segment: string) => switchFlag.mutate({ row, segment }),
    toggling: switchFlag.isPending,
    start,
    running: runAction.isPending,
    confirmations,
  };
}

export type RowActions<Row extends RowBase> = ReturnType<typeof useRowActions<Row, unknown>>;
