/** The SEO content of a catalogue section (spec 03 §3): the top and bottom blocks (title, rich text) and the advantages. */
import { FormGroup, H5, InputGroup, Intent } from '@blueprintjs/core';
import { CATALOG_SECTION_IMAGE, CATALOG_SECTION_LIMITS as L } from '@shared/catalog-sections/constants';
import type { SeoContent } from '@shared/catalog-sections/schema';
import { RichTextEditor } from '../../common/content-editors';
import { PairListEditor } from '../../common/editor/PairListEditor';
import type { FieldRenderProps } from '../../common/form/fields';

type Block = 'top_block' | 'bottom_block';
const BLOCKS: { key: Block; title: string }[] = [
  { key: 'top_block', title: 'Верхний блок' },
  { key: 'bottom_block', title: 'Нижний блок' },
];

export const blankSeoContent = (): SeoContent => ({ top_block: { title: null, text: null }, bottom_block: { title: null, text: null }, advantages: [] });

export function SeoContentField({ values, setValue, errors }: FieldRenderProps) {
  const content = (values.seo_content as SeoContent | undefined) ?? blankSeoContent();
  const set = (changes: Partial<SeoContent>) => setValue('seo_content', { ...content, ...changes });
  return (
    <div className="seo-content">
      {BLOCKS.map(({ key, title }) => {
        const titleError = errors[`seo_content.${key}.title`]?.[0];
        const textError = errors[`seo_content.${key}.text`]?.[0];
        return (
          <div key={key} className="seo-block">
            <H5>{title}</H5>
            <FormGroup label="Заголовок" labelFor={`field-${key}-title`} helperText={titleError} intent={titleError ? Intent.DANGER : Intent.NONE}>
              <InputGroup id={`field-${key}-title`} value={content[key].title ?? ''} intent={titleError ? Intent.DANGER : Intent.NONE} onValueChange={(text) => set({ [key]: { ...content[key], title: text } })} />
            </FormGroup>
            <FormGroup label="Текст" helperText={textError} intent={textError ? Intent.DANGER : Intent.NONE}>
              <RichTextEditor
                aria-label={`${title}: текст`}
                entity={CATALOG_SECTION_IMAGE.entity}
                value={content[key].text ?? ''}
                field={`catalogSection:seo_content.${key}.text`}
                invalid={Boolean(textError)}
                onChange={(html) => set({ [key]: { ...content[key], text: html } })}
              />
            </FormGroup>
          </div>
        );
      })}
      <H5>Преимущества</H5>
      <PairListEditor
        items={content.advantages as Record<string, unknown>[]}
        onChange={(advantages) => set({ advantages: advantages as SeoContent['advantages'] })}
        first={{ key: 'title', label: 'Заголовок', max: L.advantageTitle }}
        second={{ key: 'text', label: 'Текст', field: 'catalogSection:seo_content.advantages.*.text' }}
        addText="Добавить преимущество"
        max={L.advantages}
        errors={errors}
        errorPath="seo_content.advantages"
        entity={CATALOG_SECTION_IMAGE.entity}
        testId="advantages"
      />
    </div>
  );
}
