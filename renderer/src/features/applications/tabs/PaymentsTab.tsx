/**
 * Payments (spec 03 §2.3 "Payments", §6; issue 28): the customer's payments, the administrator's and
 * the accountant's (the page shows the tab to them only; the server refuses anyone else's change).
 * Each row a status (paid by default, pending, refund), a sum in kopecks, an online flag and a date;
 * the payment status they make is the server's (shown read-only on Основное). A payment needs the
 * payment method chosen first, and the online method takes none by hand; nor is a row added online.
 */
import { APPLICATION_LIMITS } from '@shared/applications/constants';
import { paymentSchema } from '@shared/applications/schema';
import { formatDate, formatMoney } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { todayIso } from '@shared/transport/constants';
import { toFieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { FieldsRowDialog } from '../../../common/editor/FieldsRowDialog';
import { rowDialogProps, useFormCollection } from '../../../common/editor/useCollectionEditor';
import { toast } from '../../../common/toaster';
import type { TabProps } from './tabProps';
import { CollectionMessages } from './CollectionMessages';
import { blankPayment, type PaymentValues } from '../form';

const A = MESSAGES.applications;

export function PaymentsTab({ form, update, errors, setErrors, data }: TabProps) {
  const rows = form.payments ?? [];
  const { editor } = useFormCollection('payments', { items: rows, update, errors, setErrors, blank: () => blankPayment(todayIso()), copy: (row) => ({ ...row, id: undefined }) });
  const dialog = rowDialogProps(editor);
  const method = data.payment_methods.find((item) => item.id === form.payment_method);
  const table = editor.table({ copy: false, add: method?.manual_payments !== false });
  const statusName = (status: unknown) => data.payment_row_statuses.find((item) => item.id === Number(status))?.name ?? '';
  return (
    <>
      <CollectionMessages name="payments" errors={errors} />
      <CollectionTable<PaymentValues>
        label="Оплаты"
        name="payments"
        {...table}
        // A payment is taken by a method: said at once when none is chosen on Основное.
        onAdd={table.onAdd && (() => (method ? table.onAdd!() : toast.error(A.paymentMethodFirst)))}
        pageSize={10}
        addText="Добавить оплату"
        columns={[
          { title: 'Статус', render: (row) => statusName(row.status) },
          { title: 'Сумма', render: (row) => formatMoney(row.sum) },
          { title: 'Онлайн', render: (row) => (row.is_online ? 'Да' : 'Нет') },
          { title: 'Дата', render: (row) => formatDate(row.date) },
        ]}
      />
      {dialog && (
        <FieldsRowDialog<PaymentValues>
          id="payment-dialog"
          title={dialog.mode === 'edit' ? 'Редактирование оплаты' : 'Добавление оплаты'}
          draft={dialog.draft}
          setDraft={dialog.setDraft}
          errors={dialog.serverErrors}
          validate={(row) => {
            const checked = paymentSchema.safeParse(row);
            return checked.success ? {} : toFieldErrors(checked.error);
          }}
          fields={[
            { kind: 'select', name: 'status', label: 'Статус', required: true, options: { items: data.payment_row_statuses.map(({ id, name }) => ({ id, name })) } },
            { kind: 'number', name: 'sum', money: true, label: 'Сумма', required: true, min: 0, max: APPLICATION_LIMITS.total, step: 0.01 },
            // An online payment comes from the payment system, never added by the office (the server refuses it).
            ...(dialog.draft.id != null ? [{ kind: 'checkbox' as const, name: 'is_online' as const, label: 'Онлайн' }] : []),
            { kind: 'date', name: 'date', label: 'Дата' },
          ]}
          onSave={dialog.onSave}
          onClose={dialog.onClose}
        />
      )}
    </>
  );
}
