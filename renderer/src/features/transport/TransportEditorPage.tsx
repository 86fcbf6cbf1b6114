/**
 * The bus-transport editor (spec 02 "Bus-transport form"): /transports/create, /transports/{id}/edit,
 * /transports/{id}/copy. The whole transport is one form saved as `{payload}`; the server's errors
 * come back with paths (`routes.intermediates.2.arrival_day`) and mark the tab, the row and the field.
 * After a save the user goes back one page ('Направление успешно сохранено').
 */
import { MESSAGES } from '@shared/messages';
import { editorTitles, routePath, ROUTES } from '@shared/routes';
import { copyTransport } from '@shared/transport/rules';
import { TRANSPORT_PATHS } from '@shared/transport/paths';
import { transportSchema } from '@shared/transport/schema';
import { useNavigate } from 'react-router-dom';
import { EditorPage } from '../../common/editor/EditorPage';
import { listPath } from '../../common/resource/pageLinks';
import { dropErrors, editorPageProps, useAggregateEditor } from '../../common/editor/useAggregateEditor';
import { editorReadState } from '../../common/editor/useEditorData';
import { blankTransport, generalOwns, TRANSPORT_TAB_OWNS, transportFromRecord, withRoutes, type RouteValues, type Values } from './form';
import { CatalogTab } from './tabs/CatalogTab';
import { DepartureDaysTab } from './tabs/DepartureDaysTab';
import { GeneralTab } from './tabs/GeneralTab';
import { RouteTab } from './tabs/RouteTab';
import { TariffsTab } from './tabs/TariffsTab';
import { useTransportData } from './useTransportData';
import './transport.css';

const T = MESSAGES.transport;

export function TransportEditorPage() {
  const navigate = useNavigate();
  const lists = useTransportData();
  const { cityName } = lists;
  const data = lists.data?.lists;
  const fallback = listPath('transports');
  const editor = useAggregateEditor<Values, Partial<Values>>({
    path: TRANSPORT_PATHS.list,
    editor: 'transport',
    afterSave: 'back',
    schema: transportSchema,
    blank: blankTransport,
    fromRecord: transportFromRecord,
    toCopy: (form) => copyTransport(form),
    copyNotice: T.copyNotice,
    fallback,
    texts: { saved: T.transportSaved, saveFailedTitle: MESSAGES.errors.saveFailedTitle, saveFailedText: MESSAGES.errors.saveFailedText, loadFailed: MESSAGES.errors.unexpected },
  });
  const { form, errors, update, setErrors } = editor;
  /** A change of the route: the tariff matrix follows it; only the changed part's errors are answered. */
  const setRoutes = (routes: RouteValues, answered: string) => {
    editor.setForm((current) => (current ? withRoutes(current, routes) : current));
    editor.setErrors((current) => dropErrors(current, answered));
  };

  return (
    <EditorPage
      id="transport-editor"
      {...editorPageProps(editor)}
      titles={editorTitles('transport')}
      breadcrumbs={[{ text: ROUTES.transports.title, href: routePath('transports'), onClick: () => navigate(fallback) }, { text: form?.name || 'Новый тур' }]}
      errors={errors}
      {...editorReadState(editor, lists)}
      failedText={MESSAGES.connection.listFailed}
      tabs={
        form && data
          ? [
              { id: 'general', title: 'Данные', owns: generalOwns, panel: <GeneralTab form={form} update={update} errors={errors} data={data} /> },
              {
                id: 'routes',
                title: 'Маршрут',
                owns: TRANSPORT_TAB_OWNS.routes,
                panel: <RouteTab routes={form.routes} duration={Number(form.duration) || 0} setRoutes={setRoutes} errors={errors} setErrors={setErrors} data={data} cityName={cityName} />,
              },
              { id: 'departures', title: 'График', owns: TRANSPORT_TAB_OWNS.departures, panel: <DepartureDaysTab form={form} update={update} errors={errors} setErrors={setErrors} /> },
              { id: 'tariffs', title: 'Тарифы', owns: TRANSPORT_TAB_OWNS.tariffs, panel: <TariffsTab form={form} update={update} errors={errors} cityName={cityName} /> },
              { id: 'catalog', title: 'Каталог', owns: TRANSPORT_TAB_OWNS.catalog, panel: <CatalogTab form={form} update={update} errors={errors} /> },
            ]
          : []
      }
    />
  );
}
