/**
 * The route editor (spec 03 §2.4, §4 "Route form"): /routes/create, /routes/{id}/edit. Above the
 * tabs the transport's owner type, the transport (changing it reloads the points and drops the
 * hotels chosen on the old one), the kind and the dates, each constrained by the other; the tabs
 * 'Туда' and 'Обратно' list the transport's points with their hotels. Saved as a plain JSON body.
 */
import { kindGoesBack, kindGoesForth } from '@shared/tour-routes/constants';
import { TOUR_ROUTE_PATHS } from '@shared/tour-routes/paths';
import { routeTabs, stopsOfTransportRecord } from '@shared/tour-routes/rules';
import { tourRouteSchema } from '@shared/tour-routes/schema';
import type { TourRouteRecord } from '@shared/tour-routes/types';
import { MESSAGES } from '@shared/messages';
import { editorTitles, routePath } from '@shared/routes';
import type { TransportRecord } from '@shared/transport/types';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/http';
import { EditorPage } from '../../common/editor/EditorPage';
import { dropErrors, editorPageProps, useAggregateEditor } from '../../common/editor/useAggregateEditor';
import { editorReadState } from '../../common/editor/useEditorData';
import { FormFields, type FieldSpec, type SetField } from '../../common/form/fields';
import { listPath } from '../../common/resource/pageLinks';
import { blankRoute, copyRoute, routeBody, routeFromRecord, type PointValues, type RouteValues } from './form';
import { PointsTab } from './PointsTab';
import './tourRoutes.css';

const R = MESSAGES.tourRoutes;
const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function TourRouteEditorPage() {
  const navigate = useNavigate();
  const fallback = listPath('routes');
  const editor = useAggregateEditor<RouteValues, TourRouteRecord>({
    path: TOUR_ROUTE_PATHS.list,
    editor: 'route',
    afterSave: 'back',
    schema: tourRouteSchema,
    blank: blankRoute,
    fromRecord: routeFromRecord,
    toCopy: copyRoute,
    toBody: routeBody,
    fallback,
    texts: { saved: R.saved, saveFailedTitle: R.saveFailedTitle, saveFailedText: R.saveFailedText, loadFailed: R.loadFailed },
  });
  const { form, errors } = editor;
  const transportId = form?.transport_id ?? null;
  // The transport's points, read again whenever another transport is chosen.
  const transport = useQuery({
    queryKey: [TOUR_ROUTE_PATHS.transports, 'route-points', transportId],
    queryFn: ({ signal }) => api.get<{ data: TransportRecord }>(`${TOUR_ROUTE_PATHS.transports}/${transportId}`, undefined, signal),
    enabled: transportId !== null,
    staleTime: 30_000,
  });
  const tabs = transport.data ? routeTabs(stopsOfTransportRecord(transport.data.data.routes)) : undefined;

  const update: SetField<RouteValues> = (key, value) => {
    if (key === 'transport_id' && form && value !== form.transport_id) {
      // Another transport: other points, so the hotels chosen on the old one go.
      editor.patch({ transport_id: typeof value === 'number' ? value : null, routes: [] });
      return;
    }
    if (key === 'kind' && form) {
      // A kind without a way there (or back) has no such tab: its hotels go with it, as the save would drop them.
      const kind = Number(value);
      const kept = form.routes.filter((point) => (point.is_forth ? kindGoesForth(kind) : kindGoesBack(kind)));
      editor.patch({ kind, routes: kept.length === form.routes.length ? form.routes : kept });
      return;
    }
    editor.update(key, value);
  };
  const setRoutes = (routes: PointValues[], changedPath: string) => {
    editor.setForm((current) => (current ? { ...current, routes } : current));
    editor.setErrors((current) => dropErrors(current, changedPath));
  };

  const fields: FieldSpec<RouteValues>[] = [
    { kind: 'select', name: 'transport_type', label: 'Владелец транспорта', required: true, options: { path: TOUR_ROUTE_PATHS.transportTypes } },
    { kind: 'picker', name: 'transport_id', label: 'Транспорт', required: true, path: TOUR_ROUTE_PATHS.transports, selected: (values) => values.transport },
    { kind: 'select', name: 'kind', label: 'Вид маршрута', required: true, options: { path: TOUR_ROUTE_PATHS.kinds } },
    // Neither date before the other: each calendar stops at the other date.
    { kind: 'date', name: 'forth_date', label: 'Дата отправления', required: true, visible: (values) => kindGoesForth(values.kind), bounds: isDate(form?.back_date) && kindGoesBack(form?.kind) ? { max: form!.back_date } : undefined },
    { kind: 'date', name: 'back_date', label: 'Дата возвращения', required: true, visible: (values) => kindGoesBack(values.kind), bounds: isDate(form?.forth_date) && kindGoesForth(form?.kind) ? { min: form!.forth_date } : undefined },
  ];

  /** The tab of a point's errors: its direction's. */
  const ownsDirection = (isForth: boolean) => (path: string) => {
    const match = /^routes\.(\d+)(\.|$)/.exec(path);
    return match !== null && Boolean(form?.routes[Number(match[1])]?.is_forth) === isForth;
  };
  const tab = (isForth: boolean) =>
    form && <PointsTab form={form} isForth={isForth} points={tabs?.[isForth ? 'forth' : 'back']} loading={transport.isLoading} errors={errors} setRoutes={setRoutes} />;

  return (
    <EditorPage
      id="route-editor"
      {...editorPageProps(editor)}
      titles={editorTitles('route')}
      breadcrumbs={[{ text: 'Маршруты', href: routePath('routes'), onClick: () => navigate(fallback) }, { text: form?.transport?.name ?? 'Новый маршрут' }]}
      errors={errors}
      {...editorReadState(editor, { loading: false, failure: transport.error, retry: () => void transport.refetch() })}
      failedText={R.loadFailed}
      header={form && <div className="editor-grid route-header">{<FormFields fields={fields} form={{ values: form, setValue: update, errors }} editing />}</div>}
      tabs={
        form
          ? [
              { id: 'forth', title: 'Туда', owns: ownsDirection(true), hidden: !kindGoesForth(form.kind), panel: tab(true) },
              { id: 'back', title: 'Обратно', owns: ownsDirection(false), hidden: !kindGoesBack(form.kind), panel: tab(false) },
            ]
          : []
      }
    />
  );
}
