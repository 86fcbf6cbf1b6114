/**
 * Above the tabs (spec 03 §2.3): the heading line (number, type, product, source) and the fields that
 * choose what the tabs show — the application type, its product (a picker of the type's kind), the
 * requester (a client or an agency) and an excursion tour's date. A new type or product lets go of the
 * rows that were of the old one; a new requester type lets go of the requester and the agency manager.
 */
import { H4, HTMLSelect, Intent } from '@blueprintjs/core';
import { ApplicationType, applicationType, RequesterType, type RequesterType as Requester } from '@shared/applications/constants';
import type { ApplicationProduct } from '@shared/applications/editor-data';
import { PRODUCT_SEGMENTS } from '@shared/applications/paths';
import { formatDate } from '@shared/format';
import { agenciesResource } from '@shared/resources/agencies';
import { clientsResource } from '@shared/resources/clients';
import { PickerField } from '../../common/form/PickerField';
import { LockableGroup, LockedScope } from '../../common/form/locks';
import { asTour } from './data';
import type { ApplicationValues } from './form';
import type { TabProps } from './tabs/tabProps';

interface Props extends TabProps {
  heading: string;
  product: ApplicationProduct | undefined;
  patch(values: Partial<ApplicationValues>): void;
  /** Beside the heading: the chat button of a stored application (issue 19). */
  actions?: React.ReactNode;
  /** Why the fields are read-only (a cancelled application), or null. */
  locked: string | null;
  /** A requester was chosen (the page fills the contacts from a client). */
  onRequesterPicked?(id: number): void;
}

/** What a product change lets go of: every row that was of the old product. */
const productRows = (): Partial<ApplicationValues> => ({
  tour_date: null,
  accommodations: [],
  transport_forth: null,
  transport_back: null,
  seats_forth: [],
  seats_back: [],
  services: [],
  required_services: [],
  additional_services: [],
  meals: [],
});

export function ApplicationHeader({ form, errors, data, heading, product, patch, actions, locked, onRequesterPicked }: Props) {
  const type = applicationType(form.application_type);
  const kind = type?.product ?? null;
  const error = (name: string) => errors[name]?.[0];
  const field = (name: string, label: string, control: React.ReactNode, required = true) => (
    <LockableGroup label={label} labelFor={`field-${name}`} required={required} helperText={error(name)} intent={error(name) ? Intent.DANGER : Intent.NONE}>
      {control}
    </LockableGroup>
  );
  const tour = asTour(product);
  const requesterPath = form.requester_type === RequesterType.Agency ? agenciesResource.path : clientsResource.path;

  return (
    <div className="application-header">
      <div className="application-heading-line">
        <H4 className="application-heading" data-testid="application-heading">
          {heading}
        </H4>
        {actions}
      </div>
      <LockedScope reason={locked}>
        <div className="editor-grid">
          {field(
            'application_type',
            'Тип заявки',
            <HTMLSelect
              id="field-application_type"
              fill
              value={form.application_type ?? ''}
              onChange={(event) => patch({ application_type: Number(event.currentTarget.value), applicationable_id: null, applicationable: null, ...productRows(), transfer_forth: null, transfer_back: null })}
              options={data.types.map((option) => ({ value: option.id, label: option.name }))}
            />,
          )}
          {kind &&
            field(
              'applicationable_id',
              type?.name ?? 'Продукт',
              <PickerField
                id="field-applicationable_id"
                testId="picker-applicationable_id"
                path={`/${PRODUCT_SEGMENTS[kind]}`}
                value={form.applicationable_id}
                selected={form.applicationable ?? null}
                intent={error('applicationable_id') ? Intent.DANGER : Intent.NONE}
                disabled={locked !== null}
                onChange={(id) => {
                  if (id !== form.applicationable_id) patch({ applicationable_id: id, ...productRows() });
                }}
                onPick={(picked) => patch({ applicationable: picked })}
              />,
            )}
          {field(
            'requester_type',
            'Заказчик',
            <HTMLSelect
              id="field-requester_type"
              fill
              value={form.requester_type}
              onChange={(event) => patch({ requester_type: event.currentTarget.value as Requester, requester_id: null, requester: null, agency_user_id: null, agency_user: null, payment_method: null })}
              options={data.requester_types.map((option) => ({ value: option.id, label: option.name }))}
            />,
          )}
          {field(
            'requester_id',
            form.requester_type === RequesterType.Agency ? 'Агентство' : 'Клиент',
            <PickerField
              id="field-requester_id"
              testId="picker-requester_id"
              path={requesterPath}
              value={form.requester_id}
              selected={form.requester ?? null}
              intent={error('requester_id') ? Intent.DANGER : Intent.NONE}
              disabled={locked !== null}
              onChange={(id) => {
                if (id !== form.requester_id) patch({ requester_id: id, agency_user_id: null, agency_user: null });
              }}
              onPick={(picked) => {
                patch({ requester: picked });
                onRequesterPicked?.(picked.id);
              }}
            />,
          )}
          {form.application_type === ApplicationType.ExcursionTour &&
            field(
              'tour_date',
              'Дата тура',
              <HTMLSelect
                id="field-tour_date"
                fill
                value={form.tour_date ?? ''}
                onChange={(event) => patch({ tour_date: event.currentTarget.value || null })}
                options={[
                  { value: '', label: 'Выберите дату' },
                  ...(tour?.dates ?? []).filter((date) => !date.past || date.start_date === form.tour_date).map((date) => ({ value: date.start_date, label: formatDate(date.start_date) })),
                ]}
              />,
            )}
        </div>
      </LockedScope>
    </div>
  );
}
