/**
 * Services (spec 03 §2.3, §3 "Service line"): three tables — services, required and additional —
 * of the hotel's service items or the tour's services; the price is the service's (read only), the
 * total count × price; a service already in any of the three cannot be chosen again.
 */
import { FormGroup, InputGroup } from '@blueprintjs/core';
import { ProductKind, SERVICE_LINE_KINDS, type ServiceLineKind } from '@shared/applications/constants';
import type { ApplicationProduct, TourServiceOption } from '@shared/applications/editor-data';
import { formatMoney } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { readDecimal, roundMoney } from '@shared/money';
import type { FieldErrors } from '@shared/validation';
import { CollectionTable, moneyColumn } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields } from '../../../common/form/fields';
import type { TabProps } from './tabProps';
import { useHotelServices } from '../data';
import { blankServiceLine, type ServiceLineValues } from '../form';

/** A service a line may name, with its price. */
export interface ServiceChoice {
  id: number;
  name: string;
  price: number | null;
}

const KIND_TITLES: Record<ServiceLineKind, string> = { services: 'Услуги', required_services: 'Обязательные услуги', additional_services: 'Дополнительные услуги' };

/** A tour service's adult price on a date (the period covering it; the first period when no date is known). */
const tourPrice = (service: TourServiceOption, date: string | null): number | null => (service.periods.find((period) => date !== null && period.from <= date && date <= period.to) ?? service.periods[0])?.adult_price ?? null;

/** Each kind's choices: a hotel's service items for all three, a tour's services and required services. */
export function useServiceChoices(product: ApplicationProduct | undefined, tourDate: string | null): Record<ServiceLineKind, ServiceChoice[]> {
  const hotel = useHotelServices(product?.kind === ProductKind.Hotel ? product.id : null);
  if (product?.kind === ProductKind.Hotel) {
    const items = (hotel.data ?? product.services).map((service) => ({ id: service.id, name: service.name, price: service.sum }));
    return { services: items, required_services: items, additional_services: items };
  }
  if (product?.kind === ProductKind.Tour) {
    const of = (list: TourServiceOption[]) => list.map((service) => ({ id: service.id, name: service.name, price: tourPrice(service, tourDate) }));
    return { services: of(product.services), required_services: of(product.required_services), additional_services: of(product.services) };
  }
  return { services: [], required_services: [], additional_services: [] };
}

export function ServicesTab(props: TabProps & { product: ApplicationProduct | undefined }) {
  const choices = useServiceChoices(props.product, props.form.tour_date ?? null);
  const listed = SERVICE_LINE_KINDS.flatMap((kind) => props.form[kind].map((line) => Number(line.serviceable_id)));
  return (
    <div className="application-services">
      {SERVICE_LINE_KINDS.map((kind) => (
        <section key={kind} aria-label={KIND_TITLES[kind]}>
          <h4 className="editor-section-title">{KIND_TITLES[kind]}</h4>
          <ServiceLines {...props} kind={kind} choices={choices[kind]} listed={listed} />
        </section>
      ))}
    </div>
  );
}

function ServiceLines({ form, update, errors, setErrors, kind, choices, listed }: TabProps & { kind: ServiceLineKind; choices: ServiceChoice[]; listed: number[] }) {
  const { editor } = useFormCollection(kind, { items: form[kind], update, errors, setErrors, blank: blankServiceLine, copy: (line) => ({ ...line, id: undefined, serviceable_id: null }) });
  const dialog = rowDialogProps(editor);
  const choice = (line: ServiceLineValues) => choices.find((item) => item.id === Number(line.serviceable_id));
  const priceOf = (line: ServiceLineValues) => choice(line)?.price ?? line.price ?? null;
  return (
    <>
      <CollectionTable<ServiceLineValues>
        label={KIND_TITLES[kind]}
        name={kind}
        {...editor.table({ copy: false, add: choices.length > 0 })}
        pageSize={10}
        addText="Добавить услугу"
        columns={[
          { title: 'Услуга', render: (line) => choice(line)?.name ?? line.name ?? '' },
          { title: 'Количество', render: (line) => String(line.count ?? '') },
          moneyColumn('Цена', (line) => priceOf(line)),
          moneyColumn('Сумма', (line) => lineTotal(line.count, priceOf(line))),
        ]}
      />
      {dialog && <ServiceLineDialog {...dialog} choices={choices} listed={listed} />}
    </>
  );
}

/** count × price in exact decimals (shared/money.ts), or nothing while either is unknown. */
function lineTotal(count: unknown, price: number | null): string | null {
  const amount = readDecimal(count);
  return price === null || amount === null ? null : roundMoney(amount.times(price)).toFixed(2);
}

const TITLES: Record<RowDialogMode, string> = { create: 'Добавление услуги', edit: 'Редактирование услуги', copy: 'Копирование услуги' };

function ServiceLineDialog({ mode, draft, setDraft, serverErrors, onSave, onClose, choices, listed }: RowDialogProps<ServiceLineValues> & { choices: ServiceChoice[]; listed: number[] }) {
  const row = useRowDraft(setDraft, serverErrors);
  const { errors, setErrors } = row;
  // A service already in the application is not offered again (the edited line keeps its own).
  const offered = choices.filter((item) => item.id === Number(draft.serviceable_id) || !listed.includes(item.id));
  const chosen = choices.find((item) => item.id === Number(draft.serviceable_id));
  const save = () => {
    const found: FieldErrors = {};
    if (draft.serviceable_id === null) found.serviceable_id = [MESSAGES.validation.required];
    if (checkRow(found, setErrors, MESSAGES.hotels.fillRequired)) onSave({ ...draft, name: chosen?.name });
  };
  return (
    <RowDialog id="service-dialog" isOpen title={TITLES[mode]} width="50vw" errors={errors} onSave={save} onClose={onClose}>
      <div className="editor-grid">
        <FormFields
          fields={[
            { kind: 'select', name: 'serviceable_id', label: 'Услуга', required: true, options: { items: offered.map(({ id, name }) => ({ id, name })) } },
            { kind: 'number', name: 'count', label: 'Количество', min: 0, step: 0.01 },
          ]}
          form={{ values: draft, setValue: row.setValue, errors }}
          editing
          idPrefix="service"
        />
        <FormGroup label="Цена" labelFor="service-price">
          <InputGroup id="service-price" readOnly value={chosen?.price === null || chosen === undefined ? '' : formatMoney(chosen.price)} />
        </FormGroup>
        <FormGroup label="Сумма" labelFor="service-total">
          <InputGroup id="service-total" readOnly value={formatMoney(lineTotal(draft.count, chosen?.price ?? null))} />
        </FormGroup>
      </div>
    </RowDialog>
  );
}
