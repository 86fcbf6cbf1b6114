/**
 * Form values as a multipart body (ResourceFormSpec.multipart): a File (or Blob) is sent as a file
 * part, a boolean as 1/0, a number or string as text, an object or array as JSON text; null and
 * undefined are left out (the server reads them as empty). Values of `fileFields` that are not a
 * File (the record's current file as read back) are left out: the server keeps the current file.
 */
export function toFormData(values: Record<string, unknown>, fileFields: readonly string[] = [], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else if (fileFields.includes(key)) continue;
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return form;
}

/** Whether any of `fileFields` holds a newly chosen file. */
export const hasNewFile = (values: Record<string, unknown>, fileFields: readonly string[]) => fileFields.some((name) => values[name] instanceof Blob);

/** The values without `fileFields` (a JSON save that keeps the current files). */
export function withoutFiles(values: Record<string, unknown>, fileFields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !fileFields.includes(key)));
}
