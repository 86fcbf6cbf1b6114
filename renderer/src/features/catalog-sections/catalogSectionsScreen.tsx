/**
 * Catalogue sections (spec 03 §2.13): the list (id, name, description, parent, active switch,
 * actions; search) and the 50vw dialog on four tabs — data, images, SEO, slider tours.
 */
import { CATALOG_SECTION_LIMITS as L } from '@shared/catalog-sections/constants';
import { CATALOG_SECTION_PATHS } from '@shared/catalog-sections/paths';
import { catalogSectionsResource } from '@shared/catalog-sections/resource';
import type { CatalogSectionListRow, CatalogSectionRecord } from '@shared/catalog-sections/types';
import { MESSAGES } from '@shared/messages';
import { slugOf } from '@shared/slug';
import { FormField, type FieldSpec } from '../../common/form/fields';
import { defineResourceScreen, type FormTabSpec } from '../../common/resource/definition';
import { ImageField } from './ImageField';
import { blankSeoContent, SeoContentField } from './SeoContentField';
import { SliderToursField } from './SliderToursField';
import './catalog-sections.css';

/** The parent select offers what may be a parent of this section (not itself, not what lies under it). */
const parentField: FieldSpec = {
  kind: 'custom',
  name: 'catalog_section_id',
  label: 'Родительский раздел',
  render: (props) => (
    <FormField
      {...props}
      field={{
        kind: 'select',
        name: 'catalog_section_id',
        label: 'Родительский раздел',
        clearable: true,
        options: { path: props.values.id ? `${CATALOG_SECTION_PATHS.parentList}?id=${String(props.values.id)}` : CATALOG_SECTION_PATHS.parentList },
      }}
    />
  ),
};

const TABS: FormTabSpec[] = [
  {
    id: 'data',
    title: 'Данные',
    fields: [
      { kind: 'text', name: 'name', label: 'Название', required: true },
      { kind: 'text', name: 'slug', label: 'Адрес страницы', hint: 'Пусто — из названия; строчные латинские буквы, цифры и дефис', derive: { from: 'name', value: (name) => slugOf(name, L.slug) } },
      parentField,
      { kind: 'textarea', name: 'description', label: 'Описание', rows: 3 },
      { kind: 'text', name: 'price', label: 'Цена', hint: `Текстом, не более ${L.price} символов: «от 15 000 ₽»` },
      { kind: 'number', name: 'sort', label: 'Сортировка', min: L.sort.min, max: L.sort.max, required: true, hint: `От ${L.sort.min} до ${L.sort.max}` },
      { kind: 'switch', name: 'is_active', label: 'Активен' },
      { kind: 'switch', name: 'exclusive', label: 'Эксклюзив' },
    ],
  },
  {
    id: 'images',
    title: 'Изображения',
    fields: [
      { kind: 'custom', name: 'banner', label: 'Баннер', render: (props) => <ImageField {...props} name="banner" label="Баннер" /> },
      { kind: 'custom', name: 'image', label: 'Изображение', render: (props) => <ImageField {...props} name="image" label="Изображение" /> },
    ],
  },
  {
    id: 'seo',
    title: 'SEO',
    owns: ['seo_'],
    fields: [
      { kind: 'text', name: 'seo_h1', label: MESSAGES.seo.h1 },
      { kind: 'text', name: 'seo_title', label: MESSAGES.seo.title },
      { kind: 'textarea', name: 'seo_description', label: MESSAGES.seo.description, rows: 3 },
      { kind: 'custom', name: 'seo_content', label: 'SEO-контент', render: (props) => <SeoContentField {...props} /> },
    ],
  },
  {
    id: 'tours',
    title: 'Туры слайдера',
    fields: [{ kind: 'custom', name: 'tours', label: 'Туры слайдера', render: (props) => <SliderToursField {...props} /> }],
  },
];

const initial = {
  name: '',
  slug: '',
  catalog_section_id: null,
  description: '',
  price: '',
  sort: L.sort.default,
  is_active: true,
  exclusive: false,
  banner: null,
  banner_url: null,
  image: null,
  image_url: null,
  seo_h1: '',
  seo_title: '',
  seo_description: '',
  seo_content: blankSeoContent(),
  tours: [],
};

export const catalogSectionsScreen = defineResourceScreen<CatalogSectionListRow, CatalogSectionRecord>({
  resource: catalogSectionsResource,
  title: 'Разделы каталога',
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'name', title: 'Название' },
    { key: 'description', title: 'Описание', render: (row) => <span className="cell-value">{row.description ?? ''}</span>, text: (row) => row.description, maxWidth: '30vw' },
    { key: 'parent', title: 'Родительский раздел', render: (row) => row.parent?.name ?? '' },
  ],
  switches: [{ segment: 'active', title: MESSAGES.list.active, after: 'parent' }],
  canDelete: (row) => row.can_delete,
  form: {
    titles: { create: 'Добавление раздела каталога', edit: 'Редактирование раздела каталога' },
    width: '50vw',
    tabs: TABS,
    fields: TABS.flatMap((tab) => tab.fields),
    initial,
    toValues: (record) => ({ ...record, seo_content: record.seo_content ?? blankSeoContent(), tours: record.tours ?? [] }),
  },
});
