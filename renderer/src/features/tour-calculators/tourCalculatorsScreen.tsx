/** /tour-calculators (spec 03 §2.11): id, name, duration; search; sort by id and name; add, edit and delete (a calculator can always be deleted). */
import { MESSAGES } from '@shared/messages';
import { tourCalculatorsResource } from '@shared/tour-calculators/resource';
import type { CalculatorListRow } from '@shared/tour-calculators/types';
import { defineResourceScreen } from '../../common/resource/definition';
import { editorPageLinks } from '../../common/resource/pageLinks';

export const tourCalculatorsScreen = defineResourceScreen<CalculatorListRow>({
  resource: tourCalculatorsResource,
  title: 'Калькуляторы туров',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'name', title: 'Название' },
    { key: 'duration', title: 'Продолжительность, дней', width: 200 },
  ],
  ...editorPageLinks<CalculatorListRow>('tour-calculator', { copy: false }),
  canDelete: (row) => row.can_delete,
  confirmDelete: MESSAGES.tourCalculators.confirmDelete,
});
