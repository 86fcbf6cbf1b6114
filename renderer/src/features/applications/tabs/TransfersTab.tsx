/**
 * Transfers (spec 03 §2.3; issue 18): one per leg — from and to city, the transfer type, the dates; no price.
 */
import { transferKey, transferSchema } from '@shared/applications/schema';
import type { Leg } from '@shared/applications/constants';
import { formatDate } from '@shared/format';
import { CITY_LIMITS } from '@shared/resources/cities';
import { toFieldErrors, type FieldErrors } from '@shared/validation';
import { useState } from 'react';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { FieldsRowDialog } from '../../../common/editor/FieldsRowDialog';
import { errorsUnder } from '@shared/editor';
import { dropErrors } from '../../../common/editor/useAggregateEditor';
import type { TabProps } from './tabProps';
import { blankTransfer, LEG_TITLES, LEGS, type TransferValues } from '../form';

type Named = { id: number; name: string };

const cities = { search: '/cities', limit: CITY_LIMITS.searchLimit, delayMs: CITY_LIMITS.searchDelayMs };

export function TransfersTab({ form, update, errors, setErrors, data }: TabProps) {
  const [open, setOpen] = useState<Leg | null>(null);
  const typeName = (id: unknown) => data.transfer_types.find((type) => type.id === Number(id))?.name ?? '';
  const cityName = (row: TransferValues, key: 'from_city' | 'to_city') => row[key]?.name ?? '';
  return (
    <div className="application-transfers">
      {LEGS.map((leg) => {
        const row: TransferValues | null = form[transferKey(leg)];
        return (
          <section key={leg} aria-label={LEG_TITLES[leg]}>
            <h4 className="editor-section-title">{LEG_TITLES[leg]}</h4>
            <CollectionTable<TransferValues>
              label={`Трансфер: ${LEG_TITLES[leg].toLowerCase()}`}
              name={`transfer-${leg}`}
              rows={row ? [row] : []}
              pageSize={1}
              errors={Object.fromEntries(Object.entries(errorsUnder(errors, transferKey(leg))).map(([path, messages]) => [`0.${path}`, messages]))}
              addText="Добавить трансфер"
              onAdd={row ? undefined : () => setOpen(leg)}
              onEdit={() => setOpen(leg)}
              onDelete={() => {
                update(transferKey(leg), null);
                setErrors((current) => dropErrors(current, transferKey(leg)));
              }}
              columns={[
                { title: 'Откуда', render: (transfer) => cityName(transfer, 'from_city') },
                { title: 'Куда', render: (transfer) => cityName(transfer, 'to_city') },
                { title: 'Вид трансфера', render: (transfer) => typeName(transfer.transfer_type) },
                { title: 'Начало', render: (transfer) => formatDate(transfer.start_at) },
                { title: 'Окончание', render: (transfer) => formatDate(transfer.finish_at) },
              ]}
            />
          </section>
        );
      })}
      {open && (
        <TransferDialog
          draft={form[transferKey(open)] ?? blankTransfer()}
          errors={errorsUnder(errors, transferKey(open))}
          types={data.transfer_types}
          onSave={(row) => {
            update(transferKey(open), row);
            setErrors((current) => dropErrors(current, transferKey(open)));
            setOpen(null);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

function TransferDialog({ draft: initial, errors, types, onSave, onClose }: { draft: TransferValues; errors: FieldErrors; types: Named[]; onSave(row: TransferValues): void; onClose(): void }) {
  const [draft, setDraft] = useState<TransferValues>(initial);
  return (
    <FieldsRowDialog<TransferValues>
      id="transfer-dialog"
      title={initial.start_at ? 'Редактирование трансфера' : 'Добавление трансфера'}
      draft={draft}
      setDraft={setDraft}
      errors={errors}
      validate={(row) => {
        const checked = transferSchema.safeParse(row);
        return checked.success ? {} : toFieldErrors(checked.error);
      }}
      fields={[
        { kind: 'select', name: 'from_city_id', label: 'Откуда', required: true, options: cities, optionTo: 'from_city', known: (values) => (values.from_city ? [values.from_city] : []) },
        { kind: 'select', name: 'to_city_id', label: 'Куда', required: true, options: cities, optionTo: 'to_city', known: (values) => (values.to_city ? [values.to_city] : []) },
        { kind: 'select', name: 'transfer_type', label: 'Вид трансфера', required: true, options: { items: types } },
        { kind: 'daterange', name: 'start_at', toName: 'finish_at', label: 'Даты' },
      ]}
      onSave={onSave}
      onClose={onClose}
    />
  );
}
