/**
 * The route tab (spec 02 "Routes tab"): sub-tabs start (city, info, departure time), intermediate
 * stops (a table edited in a dialog: all six fields required, days capped at the duration) and finish
 * (city, info, arrival time). Stops stand in route order: by arrival day, then arrival time. Every
 * change of the points rebuilds the tariff matrix (the page's `setRoutes`).
 */
import { Callout, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { MESSAGES } from '@shared/messages';
import { intermediateStopErrors } from '@shared/transport/schema';
import { TRANSPORT_LIMITS } from '@shared/transport/constants';
import { type TransportData } from '@shared/transport/types';
import type { FieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { EditorTabs, type EditorTab } from '../../../common/editor/EditorTabs';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { dropErrors } from '../../../common/editor/useAggregateEditor';
import { useCollectionEditor, type RowDialogMode } from '../../../common/editor/useCollectionEditor';
import { FormFields, type FieldSpec } from '../../../common/form/fields';
import { blankStop, type RouteValues, type StopValues } from '../form';

const T = MESSAGES.transport;
const TIME = 'ЧЧ:ММ';

interface Props {
  routes: RouteValues;
  duration: number;
  /** New routes (the tariffs follow); `answered` is the error path the change answers. */
  setRoutes(routes: RouteValues, answered: string): void;
  errors: FieldErrors;
  setErrors(update: (errors: FieldErrors) => FieldErrors): void;
  data: TransportData;
  cityName(id: unknown): string;
}

/** Route order of the stops: by arrival day, then arrival time (a stable sort: equal ones keep their order). */
const inRouteOrder = (stops: StopValues[]) =>
  stops
    .map((stop, index) => ({ stop, index }))
    .sort((a, b) => Number(a.stop.arrival_day) - Number(b.stop.arrival_day) || String(a.stop.finish_time ?? '').localeCompare(String(b.stop.finish_time ?? '')) || a.index - b.index)
    .map(({ stop }) => stop);

export function RouteTab({ routes, duration, setRoutes, errors, setErrors, data, cityName }: Props) {
  /** The start (city, info, departure time) or the finish (city, info, arrival time) as a sub-tab. */
  const pointTab = (key: 'start' | 'finish', title: string, time: 'start_time' | 'finish_time', timeLabel: string): EditorTab => {
    const fields: FieldSpec[] = [
      { kind: 'select', name: 'point_city_id', label: 'Город', required: true, options: { items: data.cities } },
      { kind: 'textarea', name: 'info', label: 'Информация', rows: 3 },
      { kind: 'text', name: time, label: timeLabel, placeholder: TIME },
    ];
    const form = {
      values: routes[key],
      setValue: (name: string, value: unknown) => setRoutes({ ...routes, [key]: { ...routes[key], [name]: value } }, `routes.${key}.${name}`),
      errors: errorsUnder(errors, `routes.${key}`),
    };
    return {
      id: key,
      title,
      owns: [`routes.${key}`],
      panel: (
        <div className="editor-grid">
          <FormFields fields={fields} form={form} editing idPrefix={key} />
        </div>
      ),
    };
  };

  const stopErrors = errorsUnder(errors, 'routes.intermediates');
  const stops = useCollectionEditor<StopValues>({
    items: routes.intermediates ?? [],
    onChange: (next) => {
      const ordered = inRouteOrder(next);
      // A stop that moved takes the others' rows along: their old error marks no longer fit.
      if (ordered.some((stop, index) => stop !== next[index])) setErrors((current) => dropErrors(current, 'routes.intermediates'));
      setRoutes({ ...routes, intermediates: ordered }, 'routes.intermediates');
    },
    blank: blankStop,
    copy: (stop) => ({ ...stop, id: null, can_delete: true }),
    errors: stopErrors,
    onErrorsAnswered: (index) => setErrors((current) => dropErrors(current, index === null ? 'routes.intermediates' : `routes.intermediates.${index}`)),
  });
  const routeError = errors.routes?.[0];

  return (
    <div>
      {routeError && (
        <Callout intent={Intent.DANGER} className="route-error">
          {routeError}
        </Callout>
      )}
      <EditorTabs
        id="transport-route"
        errors={errors}
        tabs={[
          pointTab('start', 'Отправление', 'start_time', 'Время отправления'),
          {
            id: 'intermediates',
            title: 'Промежуточные остановки',
            owns: ['routes.intermediates'],
            panel: (
              <CollectionTable<StopValues>
                label="Промежуточные остановки"
                name="stops"
                {...stops.table({ copy: false })}
                pageSize={10}
                addText="Добавить остановку"
                canDelete={(stop) => stop.can_delete !== false}
                columns={[
                  { title: 'Город', render: (stop) => cityName(stop.point_city_id) },
                  { title: 'Информация', render: (stop) => <span className="cell-text">{String(stop.info ?? '')}</span> },
                  { title: 'Прибытие', render: (stop) => String(stop.finish_time ?? '') },
                  { title: 'Отправление', render: (stop) => String(stop.start_time ?? '') },
                  { title: 'День прибытия', render: (stop) => String(stop.arrival_day ?? '') },
                  { title: 'День отправления', render: (stop) => String(stop.departure_day ?? '') },
                ]}
              />
            ),
          },
          pointTab('finish', 'Прибытие', 'finish_time', 'Время прибытия'),
        ]}
      />
      {stops.state.open && (
        <StopDialog
          mode={stops.state.mode}
          draft={stops.state.draft}
          setDraft={stops.setDraft}
          serverErrors={stops.rowErrors}
          others={routes.intermediates.filter((_, index) => stops.state.open && index !== stops.state.index)}
          duration={duration}
          cities={data.cities}
          onSave={stops.commit}
          onClose={stops.close}
        />
      )}
    </div>
  );
}

const TITLES: Record<RowDialogMode, string> = { create: 'Добавление остановки', edit: 'Редактирование остановки', copy: 'Копирование остановки' };

interface StopDialogProps {
  mode: RowDialogMode;
  draft: StopValues;
  setDraft(update: (current: StopValues) => StopValues): void;
  serverErrors: FieldErrors;
  /** The other stops (the one before this in route order bounds its arrival day). */
  others: StopValues[];
  duration: number;
  cities: TransportData['cities'];
  onSave(stop: StopValues): void;
  onClose(): void;
}

/** An intermediate stop: all six fields required ('Заполните все необходимые поля'), days within 1..duration. */
function StopDialog({ mode, draft, setDraft, serverErrors, others, duration, cities, onSave, onClose }: StopDialogProps) {
  const { errors, setErrors, setValue } = useRowDraft(setDraft, serverErrors);
  const save = () => {
    const placed = inRouteOrder([...others, draft]);
    const previous = placed[placed.indexOf(draft) - 1];
    const found = intermediateStopErrors(draft, duration, previous ? Number(previous.departure_day) : 1);
    if (checkRow(found, setErrors, T.fillAllFields)) onSave(draft);
  };
  const dayHint = `от 1 до ${duration}`;
  return (
    <RowDialog
      id="stop-dialog"
      isOpen
      title={TITLES[mode]}
      width="50vw"
      errors={errors}
      onSave={save}
      onClose={onClose}
    >
      <div className="editor-grid">
        <FormFields
          fields={[
            { kind: 'select', name: 'point_city_id', label: 'Город', required: true, options: { items: cities } },
            { kind: 'text', name: 'finish_time', label: 'Время прибытия', required: true, placeholder: TIME },
            { kind: 'text', name: 'start_time', label: 'Время отправления', required: true, placeholder: TIME },
            { kind: 'number', name: 'arrival_day', label: 'День прибытия', required: true, min: 1, max: Math.min(duration, TRANSPORT_LIMITS.duration.max), hint: dayHint },
            { kind: 'number', name: 'departure_day', label: 'День отправления', required: true, min: 1, max: Math.min(duration, TRANSPORT_LIMITS.duration.max), hint: dayHint },
          ]}
          form={{ values: draft, setValue, errors }}
          editing
          idPrefix="stop"
        />
        <div className="editor-wide">
          <FormFields fields={[{ kind: 'textarea', name: 'info', label: 'Информация', required: true, rows: 3 }]} form={{ values: draft, setValue, errors }} editing idPrefix="stop" />
        </div>
      </div>
    </RowDialog>
  );
}
