/**
 * The tour calculator editor (spec 03 §2.11, §4; issue 30): /tour-calculators/create and
 * /tour-calculators/{id}/edit. Tabs: general (the tour it is built from — picking one copies its name,
 * duration and days and clears hotels and services —, name, duration, the counts, the commission),
 * days, hotels, the tour's services, the additionally paid services, and the results the server
 * computed at the last save. Saved as a plain JSON body; after a save the record is read again, so
 * the results are the new ones. «Экспорт (docx)» works for a saved calculator.
 */
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { errorsUnder } from '@shared/editor';
import { formatMoney } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { editorTitles, routePath, ROUTES } from '@shared/routes';
import { CALCULATOR_LIMITS as L } from '@shared/tour-calculators/constants';
import { CALCULATOR_PATHS } from '@shared/tour-calculators/paths';
import { calculatorFileName, calculatorFromTour } from '@shared/tour-calculators/rules';
import { tourCalculatorSchema } from '@shared/tour-calculators/schema';
import type { CalculatorData, CalculatorRecord } from '@shared/tour-calculators/types';
import type { TourRecord } from '@shared/tours/types';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/http';
import { EditorPage } from '../../common/editor/EditorPage';
import { editorPageProps, useAggregateEditor } from '../../common/editor/useAggregateEditor';
import { editorReadState, useEditorData } from '../../common/editor/useEditorData';
import { exportFile } from '../../common/exportFile';
import { notifyFailure } from '../../common/failure';
import { FormFields, type FieldSpec, type SetField } from '../../common/form/fields';
import { listPath } from '../../common/resource/pageLinks';
import { toast } from '../../common/toaster';
import { blankCalculator, CALCULATOR_TAB_OWNS, calculatorFromRecord, copyCalculator, generalOwns, type CalculatorValues } from './form';
import { InlineRows } from '../../common/editor/InlineRows';
import { pricedRows } from './rows';
import { DaysTab } from './tabs/DaysTab';
import { HotelsTab } from './tabs/HotelsTab';
import './tourCalculators.css';

const C = MESSAGES.tourCalculators;
const count = (name: 'adult_count' | 'child_count' | 'retiree_count' | 'free_count', label: string): FieldSpec<CalculatorValues> => ({ kind: 'number', name, label, min: 0, max: L.count, required: true });

export function TourCalculatorEditorPage() {
  const navigate = useNavigate();
  const lists = useEditorData<{ calculator: CalculatorData }>({ calculator: CALCULATOR_PATHS.data });
  const data = lists.data?.calculator;
  const fallback = listPath('tour-calculators');
  const editor = useAggregateEditor<CalculatorValues, CalculatorRecord>({
    path: CALCULATOR_PATHS.list,
    editor: 'tour-calculator',
    // The results are the server's: an edit reads the record back after the save, a new one opens as an edit.
    afterSave: 'reload',
    schema: tourCalculatorSchema,
    blank: blankCalculator,
    fromRecord: calculatorFromRecord,
    toCopy: copyCalculator,
    // A plain JSON body without the tour object GET gives (spec 03 §7): the save takes `tour_id`.
    toBody: ({ tour: _tour, ...form }) => form,
    fallback,
    texts: { saved: C.saved, saveFailedTitle: MESSAGES.errors.saveFailedTitle, saveFailedText: MESSAGES.errors.saveFailedText, loadFailed: MESSAGES.errors.unexpected },
  });
  const { form, errors, update, stored } = editor;
  const [exporting, setExporting] = useState(false);
  const [pickingTour, setPickingTour] = useState(false);

  /** A tour picked: its name, duration and days replace the form's; hotels and services go (spec 03 §4). */
  const pickTour = async (tourId: number | null) => {
    if (!form) return;
    if (tourId === null) {
      editor.patch({ tour_id: null, tour: null });
      return;
    }
    setPickingTour(true);
    try {
      const { data: record } = await api.get<{ data: TourRecord }>(CALCULATOR_PATHS.tour(tourId));
      editor.patch({ ...calculatorFromTour(form, record), tour: { id: record.id, name: record.name } });
      toast.info(C.tourCopied);
    } catch (error) {
      notifyFailure(error, MESSAGES.errors.unexpected, { write: false, fixed: true });
    } finally {
      setPickingTour(false);
    }
  };

  const exportOffer = async () => {
    if (!stored) return;
    setExporting(true);
    await exportFile(CALCULATOR_PATHS.export(stored.id), calculatorFileName(stored.name));
    setExporting(false);
  };

  /** The general tab's fields; choosing a tour is more than setting its id. */
  const setGeneral: SetField<CalculatorValues> = (key, value) => (key === 'tour_id' ? void pickTour(typeof value === 'number' ? value : null) : update(key, value));

  return (
    <EditorPage
      id="tour-calculator-editor"
      {...editorPageProps(editor)}
      titles={editorTitles('tour-calculator')}
      breadcrumbs={[{ text: ROUTES['tour-calculators'].title, href: routePath('tour-calculators'), onClick: () => navigate(fallback) }, { text: form?.name || 'Новый калькулятор' }]}
      errors={errors}
      {...editorReadState(editor, lists)}
      failedText={MESSAGES.errors.unexpected}
      header={
        form && (
          <div className="calc-header">
            <Button icon="document" text="Экспорт (docx)" loading={exporting} disabled={editor.mode !== 'edit' || !stored} onClick={() => void exportOffer()} data-testid="calculator-export" />
          </div>
        )
      }
      tabs={
        form && data
          ? [
              {
                id: 'general',
                title: 'Основное',
                owns: generalOwns,
                panel: (
                  <div className="editor-grid">
                    <FormFields
                      fields={[
                        { kind: 'picker', name: 'tour_id', label: 'Тур', path: CALCULATOR_PATHS.tours, clearable: true, selected: (values) => values.tour ?? null },
                        { kind: 'text', name: 'name', label: 'Название', required: true, hint: `Не более ${L.name} символов` },
                        { kind: 'number', name: 'duration', label: 'Продолжительность, дней', min: L.duration.min, max: L.duration.max, required: true },
                        count('adult_count', 'Взрослых'),
                        count('child_count', 'Детей'),
                        count('retiree_count', 'Пенсионеров'),
                        count('free_count', 'Бесплатных мест (сопровождающие)'),
                        { kind: 'number', name: 'commission_sum', label: 'Комиссия, %', min: 0, max: L.commission, step: 0.01, money: true, required: true },
                      ]}
                      form={{ values: form, setValue: setGeneral, errors }}
                      editing
                      disabled={pickingTour}
                    />
                  </div>
                ),
              },
              { id: 'days', title: 'Дни', owns: CALCULATOR_TAB_OWNS.days, panel: <DaysTab form={form} update={update} errors={errors} setErrors={editor.setErrors} data={data} /> },
              { id: 'hotels', title: 'Отели', owns: CALCULATOR_TAB_OWNS.hotels, panel: <HotelsTab form={form} update={update} errors={errors} setErrors={editor.setErrors} data={data} /> },
              // The tour's own services and the additionally paid ones: the rows of a day's lists (rows.ts).
              { id: 'services', title: 'Услуги тура', owns: CALCULATOR_TAB_OWNS.services, panel: <InlineRows {...pricedRows(data).services} label="Услуги тура" testId="calculator-services" rows={form.services} onChange={(rows) => update('services', rows)} errors={errorsUnder(errors, 'services')} max={L.services} /> },
              { id: 'additional', title: 'Дополнительно оплачиваемые услуги', owns: CALCULATOR_TAB_OWNS.additional, panel: <InlineRows {...pricedRows(data).additional_services} label="Дополнительно оплачиваемые услуги" testId="calculator-additional" rows={form.additional_services} onChange={(rows) => update('additional_services', rows)} errors={errorsUnder(errors, 'additional_services')} max={L.services} /> },
              {
                id: 'results',
                title: 'Результаты',
                owns: () => false,
                panel:
                  stored && stored.results.length > 0 ? (
                    <HTMLTable className="calc-results" aria-label="Результаты" striped compact>
                      <tbody>
                        {stored.results.map((line) => (
                          <tr key={line.title}>
                            <th scope="row">{line.title}</th>
                            <td className="money-cell">{formatMoney(line.value)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </HTMLTable>
                  ) : (
                    <NonIdealState icon="calculator" description={C.resultsAfterSave} />
                  ),
              },
            ]
          : []
      }
    />
  );
}
