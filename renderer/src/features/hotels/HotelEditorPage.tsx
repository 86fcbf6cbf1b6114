/**
 * The hotel editor (spec 02 "Hotel form"): /hotels/create, /hotels/{id}/edit, /hotels/{id}/copy.
 * The whole hotel is one form saved as `{payload}`; the server's errors come back with paths
 * (`rooms.1.dates.0.to`) and mark the tab, the room's row, the dialog's tab and the field.
 */
import { HOTEL_COMMISSION_CATEGORIES } from '@shared/hotels/constants';
import { copyHotel } from '@shared/hotels/rules';
import { hotelSchema } from '@shared/hotels/schema';
import { HOTEL_PATHS } from '@shared/hotels/paths';
import { MESSAGES } from '@shared/messages';
import { editorTitles, routePath } from '@shared/routes';
import { useNavigate } from 'react-router-dom';
import { EditorPage } from '../../common/editor/EditorPage';
import { listPath } from '../../common/resource/pageLinks';
import { editorPageProps, useAggregateEditor } from '../../common/editor/useAggregateEditor';
import { editorReadState } from '../../common/editor/useEditorData';
import { blankHotel, generalOwns, HOTEL_TAB_OWNS, hotelFromRecord, type HotelValues } from './form';
import { CommissionFields } from './tabs/CommissionFields';
import { CatalogTab, InfoTab, PhotosTab, SeoTab, VideosTab } from './tabs/ContentTabs';
import { GeneralTab } from './tabs/GeneralTab';
import { RoomsTab } from './tabs/RoomsTab';
import { useHotelData } from './useHotelData';

export function HotelEditorPage() {
  const navigate = useNavigate();
  const data = useHotelData();
  const fallback = listPath('hotels');
  const editor = useAggregateEditor<HotelValues, Partial<HotelValues>>({
    path: HOTEL_PATHS.list,
    editor: 'hotel',
    afterSave: 'back',
    schema: hotelSchema,
    blank: blankHotel,
    fromRecord: hotelFromRecord,
    toCopy: copyHotel,
    copyNotice: MESSAGES.hotels.copyNotice,
    fallback,
    texts: { saved: MESSAGES.hotels.saved, savedTitle: MESSAGES.hotels.savedTitle, saveFailedTitle: MESSAGES.hotels.saveFailed, saveFailedText: MESSAGES.hotels.checkFields, loadFailed: MESSAGES.hotels.loadFailed },
  });
  const { form, errors, update } = editor;
  const props = form && { form, update, errors };
  const lists = data.data;

  return (
    <EditorPage
      id="hotel-editor"
      {...editorPageProps(editor)}
      titles={editorTitles('hotel')}
      breadcrumbs={[{ text: 'Отели', href: routePath('hotels'), onClick: () => navigate(fallback) }, { text: form?.name || 'Новый отель' }]}
      errors={errors}
      {...editorReadState(editor, data)}
      failedText={MESSAGES.hotels.loadFailed}
      tabs={
        props && lists
          ? [
              { id: 'general', title: 'Данные', owns: generalOwns, panel: <GeneralTab {...props} data={lists.hotel} /> },
              { id: 'rooms', title: 'Номера', owns: HOTEL_TAB_OWNS.rooms, panel: <RoomsTab {...props} setErrors={editor.setErrors} data={lists.hotel} rooms={lists.rooms} /> },
              { id: 'commission', title: 'Наценки', owns: HOTEL_TAB_OWNS.commission, panel: <CommissionFields categories={HOTEL_COMMISSION_CATEGORIES} values={form} setValue={update} errors={errors} /> },
              { id: 'info', title: 'Информация', owns: HOTEL_TAB_OWNS.info, panel: <InfoTab {...props} /> },
              { id: 'photos', title: 'Фото', owns: HOTEL_TAB_OWNS.photos, panel: <PhotosTab {...props} /> },
              { id: 'videos', title: 'Видео', owns: HOTEL_TAB_OWNS.videos, panel: <VideosTab {...props} /> },
              { id: 'catalog', title: 'Каталог', owns: HOTEL_TAB_OWNS.catalog, panel: <CatalogTab {...props} /> },
              { id: 'seo', title: 'SEO', owns: HOTEL_TAB_OWNS.seo, panel: <SeoTab {...props} /> },
            ]
          : []
      }
    />
  );
}
