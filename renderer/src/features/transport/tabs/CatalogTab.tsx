/**
 * The catalogue tab (spec 02 "Catalog tab", §5): title, price, image (jpg or png up to 2 MB, uploaded
 * at once to POST /api/photos with entity `bus`), sort 1–100, SEO meta, advantages, FAQ, and the top
 * and bottom blocks.
 */
import { MESSAGES } from '@shared/messages';
import { Button, FormGroup, H5, Intent } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { PHOTO_POLICY } from '@shared/files';
import { TRANSPORT_LIMITS } from '@shared/transport/constants';
import { TRANSPORT_PATHS } from '@shared/transport/paths';
import type { FieldErrors } from '@shared/validation';
import { PairListEditor } from '../../../common/editor/PairListEditor';
import { UploadButton } from '../../../common/editor/UploadList';
import { RichTextEditor } from '../../../common/content-editors';
import { FormFields, type SetField } from '../../../common/form/fields';
import type { CatalogValues, SeoValues, Values } from '../form';

interface Props {
  form: Values;
  update: SetField<Values>;
  errors: FieldErrors;
}

const ENTITY = TRANSPORT_PATHS.photoEntity;

/** The catalogue's two-part lists: advantages (title, text) and FAQ (question, answer). */
const PAIR_LISTS = [
  {
    key: 'advantages',
    title: 'Преимущества',
    addText: 'Добавить преимущество',
    first: { key: 'title', label: 'Заголовок преимущества', max: TRANSPORT_LIMITS.advantageTitle },
    second: { key: 'text', label: 'Текст преимущества', field: 'transport:catalog.seo_settings.advantages.*.text' },
  },
  {
    key: 'faq',
    title: 'Вопросы и ответы',
    addText: 'Добавить вопрос',
    first: { key: 'question', label: 'Вопрос', max: TRANSPORT_LIMITS.faqQuestion },
    second: { key: 'answer', label: 'Ответ', field: 'transport:catalog.seo_settings.faq.*.answer' },
  },
] as const;

export function CatalogTab({ form, update, errors }: Props) {
  const catalog: CatalogValues = form.catalog;
  const seo: SeoValues = catalog.seo_settings;
  const catalogErrors = errorsUnder(errors, 'catalog');
  const seoErrors = errorsUnder(catalogErrors, 'seo_settings');
  const setCatalog = (name: string, value: unknown) => update('catalog', { ...catalog, [name]: value });
  const setSeo = (name: string, value: unknown) => setCatalog('seo_settings', { ...seo, [name]: value });
  const part = (name: 'meta' | 'top_block' | 'bottom_block') => ({
    values: seo[name] as Record<string, unknown>,
    setValue: (key: string, value: unknown) => setSeo(name, { ...seo[name], [key]: value }),
    errors: errorsUnder(seoErrors, name),
  });
  const imageError = catalogErrors.image?.[0];

  const block = (name: 'top_block' | 'bottom_block', title: string) => {
    const textError = part(name).errors.text?.[0];
    return (
      <div className="editor-wide">
        <H5 className="editor-section-title">{title}</H5>
        <FormFields fields={[{ kind: 'text', name: 'title', label: 'Заголовок', hint: `Не более ${TRANSPORT_LIMITS.blockTitle} символов` }]} form={part(name)} editing idPrefix={name} />
        <FormGroup label="Текст" helperText={textError} intent={textError ? Intent.DANGER : Intent.NONE}>
          <RichTextEditor value={String(seo[name].text ?? '')} onChange={(html) => part(name).setValue('text', html)} field={`transport:catalog.seo_settings.${name}.text`} entity={ENTITY} invalid={Boolean(textError)} aria-label={`${title}: текст`} />
        </FormGroup>
      </div>
    );
  };

  return (
    <div className="editor-grid">
      <FormFields
        fields={[
          { kind: 'text', name: 'title', label: 'Заголовок в каталоге' },
          { kind: 'number', name: 'price', label: 'Цена в каталоге, ₽', min: 0, max: TRANSPORT_LIMITS.catalogPrice, step: 0.01 },
          { kind: 'number', name: 'sort', label: 'Сортировка', min: TRANSPORT_LIMITS.sort.min, max: TRANSPORT_LIMITS.sort.max, hint: `от ${TRANSPORT_LIMITS.sort.min} до ${TRANSPORT_LIMITS.sort.max}` },
        ]}
        form={{ values: catalog, setValue: setCatalog, errors: catalogErrors }}
        editing
      />
      <FormGroup label="Изображение" helperText={imageError ?? 'jpg, png; не более 2 мб'} intent={imageError ? Intent.DANGER : Intent.NONE} className="editor-wide">
        {catalog.image_url && (
          <div className="catalog-image">
            <img src={catalog.image_url} alt={String(catalog.title ?? '')} />
            <Button icon="trash" variant="minimal" intent={Intent.DANGER} text="Удалить изображение" onClick={() => update('catalog', { ...catalog, image: null, image_url: null })} />
          </div>
        )}
        <UploadButton
          label="Изображение"
          path={TRANSPORT_PATHS.photos}
          fields={{ entity: ENTITY }}
          policy={PHOTO_POLICY}
          onUploaded={(stored) => update('catalog', { ...catalog, image: stored.path, image_url: stored.url })}
        />
      </FormGroup>

      <div className="editor-wide">
        <H5 className="editor-section-title">SEO</H5>
      </div>
      <FormFields
        fields={[
          { kind: 'text', name: 'h1', label: MESSAGES.seo.h1 },
          { kind: 'text', name: 'title', label: MESSAGES.seo.title },
        ]}
        form={part('meta')}
        editing
        idPrefix="seo"
      />
      <div className="editor-wide">
        <FormFields fields={[{ kind: 'textarea', name: 'description', label: MESSAGES.seo.description, rows: 3, hint: `Не более ${TRANSPORT_LIMITS.seoDescription} символов` }]} form={part('meta')} editing idPrefix="seo" />
      </div>

      {PAIR_LISTS.map((list) => (
        <div className="editor-wide" key={list.key}>
          <H5 className="editor-section-title">{list.title}</H5>
          <PairListEditor
            items={seo[list.key]}
            onChange={(items) => setSeo(list.key, items)}
            first={list.first}
            second={list.second}
            addText={list.addText}
            errors={errors}
            errorPath={`catalog.seo_settings.${list.key}`}
            entity={ENTITY}
            testId={list.key}
          />
        </div>
      ))}
      {block('top_block', 'Верхний блок')}
      {block('bottom_block', 'Нижний блок')}
    </div>
  );
}
