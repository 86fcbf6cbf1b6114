/**
 * What every tab of the application editor gets (ApplicationEditorPage.tsx renders the tabs): a module
 * of its own, so a tab names it without importing the page that imports the tab.
 */
import type { ApplicationEditorData } from '@shared/applications/editor-data';
import type { FieldErrors } from '@shared/validation';
import type { ApplicationValues, SetField } from '../form';

/** What a tab gets: the form, its setter, the errors and the dictionaries. */
export interface TabProps {
  form: ApplicationValues;
  update: SetField;
  errors: FieldErrors;
  setErrors(change: (errors: FieldErrors) => FieldErrors): void;
  data: ApplicationEditorData;
}
