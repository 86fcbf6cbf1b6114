/**
 * Учет ДС (spec 03 §2.3 "Vendor payments"; issue 28): what the application paid its vendors, in whole
 * roubles, by the vendors' own methods, and above the rows the summary per vendor the server gives
 * (`vendor_payments_info`: the stored nets by column, paid, surcharge). A saved payment keeps its
 * vendor; paying above a vendor's net is asked «Подтвердить переплату?» by the page.
 */
import { HTMLTable } from '@blueprintjs/core';
import { APPLICATION_LIMITS } from '@shared/applications/constants';
import { vendorPaymentSchema } from '@shared/applications/schema';
import { VENDOR_SUMMARY_COLUMNS, type VendorSummaryRow } from '@shared/applications/vendor-payments';
import { formatDate, formatMoney } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { todayIso } from '@shared/transport/constants';
import { toFieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { FieldsRowDialog } from '../../../common/editor/FieldsRowDialog';
import { rowDialogProps, useFormCollection } from '../../../common/editor/useCollectionEditor';
import type { TabProps } from './tabProps';
import { CollectionMessages } from './CollectionMessages';
import { blankVendorPayment, type VendorPaymentValues } from '../form';

export function VendorPaymentsTab({ form, update, errors, setErrors, data, summary }: TabProps & { summary: VendorSummaryRow[] }) {
  const rows = form.vendor_payments ?? [];
  const { editor } = useFormCollection('vendor_payments', { items: rows, update, errors, setErrors, blank: () => blankVendorPayment(todayIso()), copy: (row) => ({ ...row, id: undefined }) });
  const dialog = rowDialogProps(editor);
  const table = editor.table({ copy: false });
  const vendorName = (id: unknown) => data.vendors.find((vendor) => vendor.id === Number(id))?.name ?? '';
  const methods = data.vendors_data.payment_methods;
  return (
    <>
      <CollectionMessages name="vendor_payments" errors={errors} />
      {summary.length > 0 && (
        <HTMLTable compact bordered className="vendor-payments-summary" data-testid="vendor-payments-summary">
          <thead>
            <tr>
              <th>Поставщик</th>
              {VENDOR_SUMMARY_COLUMNS.map((column) => (
                <th key={column.key}>{column.title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.map((row) => (
              <tr key={row.vendor.id} data-testid={`vendor-summary-${row.vendor.id}`}>
                <td>
                  {row.vendor.name}
                  {row.overpaid && <span className="vendor-overpaid"> (переплата)</span>}
                </td>
                {VENDOR_SUMMARY_COLUMNS.map((column) => (
                  <td key={column.key} data-column={column.key}>
                    {formatMoney(row[column.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <CollectionTable<VendorPaymentValues>
        label="Оплаты поставщикам"
        name="vendor_payments"
        {...table}
        pageSize={10}
        addText="Добавить оплату поставщику"
        columns={[
          { title: 'Поставщик', render: (row) => vendorName(row.vendor_id) },
          { title: 'Сумма', render: (row) => formatMoney(row.sum) },
          { title: 'Дата', render: (row) => formatDate(row.date) },
          { title: 'Способ оплаты', render: (row) => methods.find((method) => method.type === row.payment_method)?.title ?? '' },
        ]}
      />
      {dialog && (
        <FieldsRowDialog<VendorPaymentValues>
          id="vendor-payment-dialog"
          title={dialog.mode === 'edit' ? 'Редактирование оплаты поставщику' : 'Добавление оплаты поставщику'}
          draft={dialog.draft}
          setDraft={dialog.setDraft}
          errors={dialog.serverErrors}
          validate={(row) => {
            const checked = vendorPaymentSchema.safeParse(row);
            return checked.success ? {} : toFieldErrors(checked.error);
          }}
          fields={[
            // A saved payment's vendor is fixed (the server refuses another).
            { kind: 'select', name: 'vendor_id', label: 'Поставщик', required: true, options: { items: data.vendors.map(({ id, name }) => ({ id, name })) }, lockedReason: (row) => (row.id ? MESSAGES.applications.vendorFixed : null) },
            { kind: 'number', name: 'sum', label: 'Сумма', required: true, min: 0, max: APPLICATION_LIMITS.vendorPayment, step: 1 },
            { kind: 'date', name: 'date', label: 'Дата' },
            { kind: 'select', name: 'payment_method', label: 'Способ оплаты', clearable: true, options: { items: methods.map(({ type, title }) => ({ id: type, name: title })) } },
          ]}
          onSave={dialog.onSave}
          onClose={dialog.onClose}
        />
      )}
    </>
  );
}
