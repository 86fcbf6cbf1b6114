/**
 * What every tab of the application editor gets (its own module, so the page and its tabs import it
 * without importing each other).
 */
import type { ApplicationEditorData } from '@shared/applications/editor-data';
import type { FieldErrors } from '@shared/validation';
import type { SetField } from '../../../common/form/fields';
import type { ApplicationValues } from '../form';

/** What a tab gets: the form, its setter, the errors and the dictionaries. */
export interface TabProps {
  form: ApplicationValues;
  update: SetField<ApplicationValues>;
  errors: FieldErrors;
  setErrors(change: (errors: FieldErrors) => FieldErrors): void;
  data: ApplicationEditorData;
}
