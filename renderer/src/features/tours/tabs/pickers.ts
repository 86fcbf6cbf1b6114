/** The list path PickerField searches (it asks `{list}/list`) from a picker endpoint of shared/tours/paths.ts. */
export const pickerList = (pickerPath: string) => pickerPath.replace(/\/list$/, '');
