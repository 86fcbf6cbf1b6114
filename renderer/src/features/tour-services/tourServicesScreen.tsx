/**
 * Tour services (spec 03 §2.9): the list (id, name, class, vendor; search; the class filter; delete
 * only when can_delete) with the add and edit dialog of tabs 'Данные' and 'Даты' (wide enough for the
 * periods' seven columns and their actions at 1366×768, never past the window).
 */
import { MESSAGES } from '@shared/messages';
import { SERVICE_CLASSES } from '@shared/tour-services/constants';
import { tourServicesResource, type TourServiceListRow } from '@shared/tour-services/resource';
import { createElement } from 'react';
import { defineResourceScreen } from '../../common/resource/definition';
import { blankService, serviceValues, type ServiceValues } from './form';
import { ServiceTabs } from './ServiceTabs';

export const tourServicesScreen = defineResourceScreen<TourServiceListRow, ServiceValues>({
  resource: tourServicesResource,
  title: 'Услуги туров',
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'name', title: 'Название' },
    { key: 'class', title: 'Класс', render: (row) => row.class_name ?? '' },
    { key: 'vendor', title: 'Поставщик', render: (row) => row.vendor?.name ?? '' },
  ],
  filters: [{ kind: 'select', param: 'service_class', label: 'Класс', options: { items: [...SERVICE_CLASSES] } }],
  form: {
    titles: { create: MESSAGES.tourServices.create, edit: MESSAGES.tourServices.edit },
    // The whole service in one field: its tabs and the periods' dialogs (ServiceTabs).
    fields: [{ kind: 'custom', name: 'service', label: 'Услуга', render: (props) => createElement(ServiceTabs, props) }],
    initial: blankService(),
    toValues: serviceValues,
    width: 'min(1180px, 92vw)',
  },
  canDelete: (row) => row.can_delete,
  confirmDelete: MESSAGES.tourServices.confirmDelete,
});
