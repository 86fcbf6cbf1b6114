/** Meals (spec 03 §2.3; issue 18): the excursion tour's meals the application takes, each for a number of people. */
import type { ApplicationProduct } from '@shared/applications/editor-data';
import { mealLineSchema } from '@shared/applications/schema';
import { toFieldErrors } from '@shared/validation';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { FieldsRowDialog } from '../../../common/editor/FieldsRowDialog';
import { rowDialogProps, useFormCollection } from '../../../common/editor/useCollectionEditor';
import type { TabProps } from './tabProps';
import { asTour } from '../data';
import { blankMealLine, cellText, type MealLineValues } from '../form';

export function MealsTab({ form, update, errors, setErrors, product }: TabProps & { product: ApplicationProduct | undefined }) {
  const meals = asTour(product)?.meals ?? [];
  const { editor } = useFormCollection('meals', { items: form.meals, update, errors, setErrors, blank: blankMealLine, copy: (line) => ({ ...line, id: undefined, tour_meal_id: null }) });
  const dialog = rowDialogProps(editor);
  const listed = form.meals.map((line) => Number(line.tour_meal_id));
  return (
    <>
      <CollectionTable<MealLineValues>
        label="Питание"
        name="meals"
        {...editor.table({ copy: false, add: meals.length > 0 })}
        pageSize={10}
        addText="Добавить питание"
        columns={[
          { title: 'Питание', render: (line) => meals.find((meal) => meal.id === Number(line.tour_meal_id))?.name ?? '' },
          { title: 'Дни тура', render: (line) => (meals.find((meal) => meal.id === Number(line.tour_meal_id))?.days ?? []).join(', ') },
          { title: 'Человек', render: (line) => cellText(line.persons) || 'все' },
        ]}
      />
      {dialog && (
        <FieldsRowDialog<MealLineValues>
          id="meal-dialog"
          title={dialog.mode === 'edit' ? 'Редактирование питания' : 'Добавление питания'}
          draft={dialog.draft}
          setDraft={dialog.setDraft}
          errors={dialog.serverErrors}
          validate={(row) => {
            const checked = mealLineSchema.safeParse(row);
            return checked.success ? {} : toFieldErrors(checked.error);
          }}
          fields={[
            { kind: 'select', name: 'tour_meal_id', label: 'Питание', required: true, options: { items: meals.filter((meal) => meal.id === Number(dialog.draft.tour_meal_id) || !listed.includes(meal.id)).map(({ id, name }) => ({ id, name })) } },
            { kind: 'number', name: 'persons', label: 'Человек', min: 0, max: 999, hint: 'Пусто — все туристы заявки' },
          ]}
          onSave={dialog.onSave}
          onClose={dialog.onClose}
        />
      )}
    </>
  );
}
