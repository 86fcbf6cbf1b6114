/**
 * The excursion tour editor (spec 03 §2.5): /tours/create, /tours/{id}/edit, /tours/{id}/copy. The
 * whole tour is one form saved as `{payload}`; the server's errors come back with paths
 * (`meals.0.dates.1.from`) and mark the tab, the row and the field. An edit saves and stays, a create
 * and a copy save and go back. The checklist is saved on its own (PATCH), outside the payload.
 */
import { MESSAGES } from '@shared/messages';
import { editorTitles, routePath, ROUTES } from '@shared/routes';
import { TOUR_PATHS } from '@shared/tours/paths';
import { copyTour } from '@shared/tours/rules';
import { tourSchema } from '@shared/tours/schema';
import type { TourData, TourRecord } from '@shared/tours/types';
import { useNavigate } from 'react-router-dom';
import { EditorPage } from '../../common/editor/EditorPage';
import { editorPageProps, useAggregateEditor } from '../../common/editor/useAggregateEditor';
import { editorReadState, useEditorData } from '../../common/editor/useEditorData';
import { listPath } from '../../common/resource/pageLinks';
import { ChecklistTab } from './checklist/ChecklistTab';
import { blankTour, generalOwns, TOUR_TAB_OWNS, tourFromRecord, type TourValues } from './form';
import { CatalogTab } from './tabs/CatalogTab';
import { CommissionTab } from './tabs/CommissionTab';
import { DatesTab } from './tabs/DatesTab';
import { DaysTab } from './tabs/DaysTab';
import { GeneralTab } from './tabs/GeneralTab';
import { HotelsTab } from './tabs/HotelsTab';
import { InfoTab } from './tabs/InfoTab';
import { MealsTab } from './tabs/MealsTab';
import { FilesTab, PhotosTab, SeoTab, VideosTab } from './tabs/MediaTabs';
import { ServicesTab } from './tabs/ServicesTab';
import './tours.css';

const T = MESSAGES.tours;

export function TourEditorPage() {
  const navigate = useNavigate();
  const lists = useEditorData<{ tour: TourData }>({ tour: TOUR_PATHS.data });
  const data = lists.data?.tour;
  const fallback = listPath('tours');
  const editor = useAggregateEditor<TourValues, TourRecord>({
    path: TOUR_PATHS.list,
    editor: 'tour',
    afterSave: { create: 'back', copy: 'back', edit: 'stay' },
    schema: tourSchema,
    blank: blankTour,
    fromRecord: tourFromRecord,
    toCopy: copyTour,
    copyNotice: T.copyNotice,
    fallback,
    texts: { saved: T.saved, saveFailedTitle: MESSAGES.errors.saveFailedTitle, saveFailedText: MESSAGES.errors.saveFailedText, loadFailed: MESSAGES.errors.unexpected },
  });
  const { form, errors, update, patch, setErrors } = editor;
  const props = form && data ? { form, update, errors, data } : null;

  return (
    <EditorPage
      id="tour-editor"
      {...editorPageProps(editor)}
      titles={editorTitles('tour')}
      breadcrumbs={[{ text: ROUTES.tours.title, href: routePath('tours'), onClick: () => navigate(fallback) }, { text: form?.name || 'Новый тур' }]}
      errors={errors}
      {...editorReadState(editor, lists)}
      failedText={MESSAGES.errors.unexpected}
      tabs={
        props
          ? [
              { id: 'general', title: 'Данные', owns: generalOwns, panel: <GeneralTab {...props} patch={patch} /> },
              { id: 'hotels', title: 'Отели', owns: TOUR_TAB_OWNS.hotels, panel: <HotelsTab {...props} setErrors={setErrors} /> },
              { id: 'services', title: 'Доп. услуги', owns: TOUR_TAB_OWNS.services, panel: <ServicesTab {...props} list="services" /> },
              { id: 'required_services', title: 'Услуги', owns: TOUR_TAB_OWNS.required_services, panel: <ServicesTab {...props} list="required_services" /> },
              { id: 'commission', title: 'Наценки', owns: TOUR_TAB_OWNS.commission, panel: <CommissionTab {...props} /> },
              { id: 'meals', title: 'Питание', owns: TOUR_TAB_OWNS.meals, panel: <MealsTab {...props} setErrors={setErrors} /> },
              { id: 'dates', title: 'Даты', owns: TOUR_TAB_OWNS.dates, panel: <DatesTab {...props} setErrors={setErrors} /> },
              { id: 'days', title: 'Дни', owns: TOUR_TAB_OWNS.days, panel: <DaysTab {...props} setErrors={setErrors} /> },
              { id: 'info', title: 'Информация', owns: TOUR_TAB_OWNS.info, panel: <InfoTab {...props} /> },
              { id: 'photos', title: 'Фото', owns: TOUR_TAB_OWNS.photos, panel: <PhotosTab {...props} /> },
              { id: 'videos', title: 'Видео', owns: TOUR_TAB_OWNS.videos, panel: <VideosTab {...props} /> },
              { id: 'files', title: 'Файлы', owns: TOUR_TAB_OWNS.files, panel: <FilesTab {...props} /> },
              { id: 'catalog_sections', title: 'Каталоги', owns: TOUR_TAB_OWNS.catalog_sections, panel: <CatalogTab {...props} setErrors={setErrors} /> },
              { id: 'seo', title: 'SEO', owns: TOUR_TAB_OWNS.seo, panel: <SeoTab {...props} /> },
              { id: 'checklist', title: 'Чеклист', owns: [], panel: <ChecklistTab tourId={editor.mode === 'edit' ? editor.id : undefined} /> },
            ]
          : []
      }
    />
  );
}
