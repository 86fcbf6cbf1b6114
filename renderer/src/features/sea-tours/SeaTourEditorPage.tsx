/**
 * The sea-tour editor (spec 03 §2.10): /sea-tours/create and /sea-tours/{id}/edit. The whole tour is
 * one form saved as `{payload}`; the server's errors come back with paths (`hotels.1.hotels_ids`,
 * `transports.0.transport_back_id`) and mark the tab, the row and the field. After a save the user
 * goes back to the list ('Тур успешно сохранен').
 */
import { copySeaTour } from '@shared/sea-tours/rules';
import { MESSAGES } from '@shared/messages';
import { SEA_TOUR_PATHS } from '@shared/sea-tours/paths';
import { seaTourSchema } from '@shared/sea-tours/schema';
import { editorTitles, routePath, ROUTES } from '@shared/routes';
import { useNavigate } from 'react-router-dom';
import { EditorPage } from '../../common/editor/EditorPage';
import { InfoLinesField } from '../../common/editor/InfoLinesField';
import { editorPageProps, useAggregateEditor } from '../../common/editor/useAggregateEditor';
import { editorReadState } from '../../common/editor/useEditorData';
import { listPath } from '../../common/resource/pageLinks';
import { blankSeaTour, generalOwns, SEA_TOUR_TAB_OWNS, seaTourFromRecord, type SeaTourValues } from './form';
import { CommissionTab } from './tabs/CommissionTab';
import { GeneralTab } from './tabs/GeneralTab';
import { TransportsTab } from './tabs/TransportsTab';
import { useSeaTourData } from './useSeaTourData';

export function SeaTourEditorPage() {
  const navigate = useNavigate();
  const lists = useSeaTourData();
  const data = lists.data?.tour;
  const fallback = listPath('sea-tours');
  const editor = useAggregateEditor<SeaTourValues>({
    path: SEA_TOUR_PATHS.list,
    editor: 'sea-tour',
    afterSave: 'back',
    schema: seaTourSchema,
    blank: blankSeaTour,
    fromRecord: seaTourFromRecord,
    toCopy: copySeaTour,
    copyNotice: MESSAGES.seaTours.copyNotice,
    fallback,
    texts: { saved: MESSAGES.seaTours.saved, savedTitle: MESSAGES.seaTours.savedTitle, saveFailedTitle: MESSAGES.errors.saveFailedTitle, saveFailedText: MESSAGES.errors.saveFailedText, loadFailed: MESSAGES.errors.unexpected },
  });
  const { form, errors, update } = editor;
  const props = form && { form, update, errors };

  return (
    <EditorPage
      id="sea-tour-editor"
      {...editorPageProps(editor)}
      titles={editorTitles('sea-tour')}
      breadcrumbs={[{ text: ROUTES['sea-tours'].title, href: routePath('sea-tours'), onClick: () => navigate(fallback) }, { text: form?.name || 'Новый тур' }]}
      errors={errors}
      {...editorReadState(editor, lists)}
      failedText={MESSAGES.errors.unexpected}
      tabs={
        props && data
          ? [
              { id: 'general', title: 'Основное', owns: generalOwns, panel: <GeneralTab {...props} data={data} /> },
              { id: 'commission', title: 'Наценки', owns: SEA_TOUR_TAB_OWNS.commission, panel: <CommissionTab {...props} setErrors={editor.setErrors} /> },
              { id: 'transports', title: 'Транспорт', owns: SEA_TOUR_TAB_OWNS.transports, panel: <TransportsTab {...props} setErrors={editor.setErrors} data={data} /> },
              { id: 'info', title: 'Информация', owns: SEA_TOUR_TAB_OWNS.info, panel: <InfoLinesField value={form.info} onChange={(lines) => update('info', lines)} errors={errors} /> },
            ]
          : []
      }
    />
  );
}
