/** The SEO part of the city dialog (spec 01 §2.9, §5): blocks `hotel` and `bus_tickets` (shown as «Отели» and «Автобусные билеты»), each with meta, texts and FAQ; bus tickets add up to 4 advantages. */
import { MESSAGES } from '@shared/messages';
import { FormGroup, H5, InputGroup, Intent, Tab, Tabs } from '@blueprintjs/core';
import { CITY_LIMITS, type CitySeo } from '@shared/resources/cities';
import { useState } from 'react';
import { RichTextEditor } from '../../common/content-editors';
import type { FieldRenderProps } from '../../common/form/fields';
import { PairListEditor } from '../../common/editor/PairListEditor';

type BlockName = keyof CitySeo;
type Block = CitySeo['hotel'] & { advantages?: CitySeo['bus_tickets']['advantages'] };

const BLOCKS: { name: BlockName; title: string }[] = [
  { name: 'hotel', title: 'Отели' },
  { name: 'bus_tickets', title: 'Автобусные билеты' },
];

export function CitySeoEditor({ values, setValue, errors }: FieldRenderProps) {
  const seo = values.seo_settings as CitySeo;
  const [tab, setTab] = useState<BlockName>('hotel');
  const hasErrors = (block: BlockName) => Object.keys(errors).some((key) => key.startsWith(`seo_settings.${block}`));
  return (
    <div className="city-seo">
      <H5>SEO</H5>
      <Tabs id="city-seo" selectedTabId={tab} onChange={(id) => setTab(id as BlockName)}>
        {BLOCKS.map(({ name, title }) => (
          <Tab
            key={name}
            id={name}
            title={title}
            icon={hasErrors(name) ? 'warning-sign' : undefined}
            panel={<SeoBlock name={name} title={title} block={seo[name] as Block} errors={errors} onChange={(block) => setValue('seo_settings', { ...seo, [name]: block })} />}
          />
        ))}
      </Tabs>
    </div>
  );
}

function SeoBlock({ name, title, block, errors, onChange }: { name: BlockName; title: string; block: Block; errors: FieldRenderProps['errors']; onChange(block: Block): void }) {
  const path = `seo_settings.${name}` as const;
  const error = (key: string) => errors[`${path}.${key}`]?.[0];
  const text = (key: string, label: string, value: string | null, set: (value: string) => void) => (
    <FormGroup label={label} helperText={error(key)} intent={error(key) ? Intent.DANGER : Intent.NONE}>
      <InputGroup value={value ?? ''} onValueChange={set} intent={error(key) ? Intent.DANGER : Intent.NONE} aria-label={`${label} (${title})`} />
    </FormGroup>
  );
  const rich = (key: 'description' | 'bottom_block.text', label: string, value: string | null, set: (value: string) => void) => (
    <FormGroup label={label} helperText={error(key)} intent={error(key) ? Intent.DANGER : Intent.NONE}>
      <RichTextEditor value={value ?? ''} onChange={set} field={`city:${path}.${key}`} entity="city" invalid={Boolean(error(key))} aria-label={`${label} (${title})`} />
    </FormGroup>
  );
  const meta = (key: keyof Block['meta'], value: string) => onChange({ ...block, meta: { ...block.meta, [key]: value } });
  const bottom = (key: keyof Block['bottom_block'], value: string) => onChange({ ...block, bottom_block: { ...block.bottom_block, [key]: value } });

  return (
    <div className="seo-block">
      <div className="seo-meta">
        {text('meta.h1', MESSAGES.seo.h1, block.meta.h1, (value) => meta('h1', value))}
        {text('meta.title', MESSAGES.seo.title, block.meta.title, (value) => meta('title', value))}
        {text('meta.description', MESSAGES.seo.description, block.meta.description, (value) => meta('description', value))}
      </div>
      {rich('description', 'Описание', block.description, (value) => onChange({ ...block, description: value }))}
      <H5>Нижний блок</H5>
      {text('bottom_block.title', 'Заголовок', block.bottom_block.title, (value) => bottom('title', value))}
      {rich('bottom_block.text', 'Текст', block.bottom_block.text, (value) => bottom('text', value))}
      <H5>Вопросы и ответы</H5>
      <PairListEditor
        items={block.faq}
        onChange={(faq) => onChange({ ...block, faq: faq as Block['faq'] })}
        first={{ key: 'question', label: 'Вопрос', max: CITY_LIMITS.faqQuestion }}
        second={{ key: 'answer', label: 'Ответ', field: `city:${path}.faq.*.answer` }}
        addText="Добавить вопрос"
        errors={errors}
        errorPath={`${path}.faq`}
        entity="city"
        testId={`faq-${name}`}
      />
      {name === 'bus_tickets' && (
        <>
          <H5>Преимущества</H5>
          <PairListEditor
            items={block.advantages ?? []}
            onChange={(advantages) => onChange({ ...block, advantages: advantages as Block['advantages'] })}
            first={{ key: 'title', label: 'Заголовок преимущества', max: CITY_LIMITS.advantageTitle }}
            second={{ key: 'text', label: 'Текст преимущества', field: 'city:seo_settings.bus_tickets.advantages.*.text' }}
            addText="Добавить преимущество"
            max={CITY_LIMITS.advantages}
            errors={errors}
            errorPath={`${path}.advantages`}
            entity="city"
            testId="advantages"
          />
        </>
      )}
    </div>
  );
}
