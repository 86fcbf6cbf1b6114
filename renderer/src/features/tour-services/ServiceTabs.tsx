/**
 * The tour service dialog's body (spec 03 §2.9): tab 'Данные' (name, class, vendor, description) and
 * tab 'Даты' (the price periods table, each period edited in its own dialog). Rendered as the one
 * field of the list screen's dialog, which reads, checks and saves the whole service.
 */
import { formatCommission } from '@shared/commission';
import { errorsUnder } from '@shared/editor';
import { formatDate, formatMoney } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { SERVICE_CLASSES, ServiceClass, TOUR_SERVICE_LIMITS as L } from '@shared/tour-services/constants';
import { TOUR_SERVICE_PATHS } from '@shared/tour-services/paths';
import type { FieldErrors } from '@shared/validation';
import { useEffect, useMemo, useState } from 'react';
import { CollectionTable, moneyCell, type CollectionColumn } from '../../common/editor/CollectionTable';
import { EditorTabs } from '../../common/editor/EditorTabs';
import { useCollectionEditor } from '../../common/editor/useCollectionEditor';
import { dropErrors } from '../../common/editor/useAggregateEditor';
import { FormFields, type FieldRenderProps } from '../../common/form/fields';
import { blankPeriod, SERVICE_TABS, type PeriodValues } from './form';
import { PeriodDialog } from './PeriodDialog';
import '../../common/editor/editor.css';
import './tour-services.css';

/** The child brackets on one line: ages, then the price in the money format (`6–14: 800,00 ₽`). */
const brackets = (period: PeriodValues) =>
  period.child_prices.map((bracket) => `${String(bracket.age_from ?? '')}–${String(bracket.age_to ?? '')}: ${formatMoney(typeof bracket.price === 'number' || typeof bracket.price === 'string' ? bracket.price : null)}`).join('; ');

export function ServiceTabs({ values, setValue, errors: formErrors, editing, validateFields }: FieldRenderProps) {
  // A period saved again in its dialog answers the errors the last save gave it (the form keeps them until the next save).
  const [answered, setAnswered] = useState<string[]>([]);
  useEffect(() => setAnswered([]), [formErrors]);
  const errors: FieldErrors = useMemo(() => answered.reduce(dropErrors, formErrors), [answered, formErrors]);

  const dates = (values.dates ?? []) as PeriodValues[];
  const group = Number(values.class) === ServiceClass.Group;
  const periods = useCollectionEditor<PeriodValues>({
    items: dates,
    onChange: (next) => setValue('dates', next),
    blank: blankPeriod,
    copy: ({ id: _id, ...period }) => period,
    errors: errorsUnder(errors, 'dates'),
    onErrorsAnswered: (index) => setAnswered((current) => [...current, index === null ? 'dates' : `dates.${index}`]),
  });

  const columns: CollectionColumn<PeriodValues>[] = [
    { title: 'Дата от', render: (period) => formatDate(period.from) },
    { title: 'Дата до', render: (period) => formatDate(period.to) },
    ...(group ? [{ title: 'Цена поставщика', render: (period: PeriodValues) => moneyCell(period.vendor_price) }] : []),
    { title: 'Цена(взр)', render: (period) => moneyCell(period.adult_price) },
    { title: 'Детские цены', render: brackets },
    { title: 'Наценка (взр)', render: (period) => formatCommission(Number(period.commission_adult_type), Number(period.commission_adult_sum ?? 0)) },
    { title: 'Наценка (дет)', render: (period) => formatCommission(Number(period.commission_child_type), Number(period.commission_child_sum ?? 0)) },
  ];
  const form = { values, setValue, errors, validateFields };

  return (
    <>
      <EditorTabs
        id="tour-service-tabs"
        errors={errors}
        tabs={[
          {
            id: 'data',
            title: 'Данные',
            owns: SERVICE_TABS.rest,
            panel: (
              <FormFields
                fields={[
                  { kind: 'text', name: 'name', label: 'Название', required: true, hint: `не более ${L.name} символов` },
                  { kind: 'select', name: 'class', label: 'Класс', required: true, options: { items: [...SERVICE_CLASSES] } },
                  { kind: 'select', name: 'vendor_id', label: 'Поставщик', clearable: true, options: { path: TOUR_SERVICE_PATHS.data, key: 'vendors' } },
                  { kind: 'textarea', name: 'description', label: 'Описание', rows: 4 },
                ]}
                form={form}
                editing={editing}
              />
            ),
          },
          {
            id: 'dates',
            title: 'Даты',
            owns: SERVICE_TABS.owns.dates,
            panel: (
              <CollectionTable<PeriodValues>
                label="Периоды цен"
                name="service-periods"
                {...periods.table({ copy: true })}
                columns={columns}
                pageSize={L.periodsPerPage}
                addText="Добавить период"
                confirmDelete={MESSAGES.tourServices.confirmDeletePeriod}
              />
            ),
          },
        ]}
      />
      {periods.state.open && (
        <PeriodDialog
          mode={periods.state.mode}
          draft={periods.state.draft}
          setDraft={periods.setDraft}
          others={dates.filter((_, index) => !(periods.state.open && index === periods.state.index))}
          group={group}
          errors={periods.rowErrors}
          onSave={periods.commit}
          onClose={periods.close}
        />
      )}
    </>
  );
}
