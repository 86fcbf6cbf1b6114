/**
 * The version conflict of a form edited with useZodForm (the resource dialog and the resource form
 * page): catches the 409 of a save and gives the conflict dialog its props — reload puts the record
 * as it is now into the form, keep editing keeps the input and takes the stored version, so the next
 * save overwrites knowingly.
 */
import type { VersionConflictBody } from '@shared/api';
import type { FieldErrors } from '@shared/validation';
import { useCallback, useState } from 'react';
import { versionConflictOf, versionOf, type VersionConflictDialogProps } from './VersionConflictDialog';

interface FormAccess {
  setValues(values: Record<string, unknown>): void;
  setValue(name: string, value: unknown): void;
  setErrors(errors: FieldErrors): void;
}

export function useFormVersionConflict<Stored>(form: FormAccess, toValues: (record: Stored) => Record<string, unknown>, refetch: () => unknown) {
  const [conflict, setConflict] = useState<VersionConflictBody<Stored> | null>(null);
  const clear = useCallback(() => setConflict(null), []);
  const dialog: VersionConflictDialogProps = {
    conflict,
    onReload: () => {
      if (conflict) form.setValues(toValues(conflict.data));
      form.setErrors({});
      setConflict(null);
      void refetch();
    },
    onKeepEditing: () => {
      const version = conflict ? versionOf(conflict.data) : undefined;
      if (version !== undefined) form.setValue('version', version);
      setConflict(null);
    },
  };
  return {
    dialog,
    /** Whether the save failed on a stale version (the dialog then opens). */
    caught(error: unknown): boolean {
      const found = versionConflictOf<Stored>(error);
      if (found) setConflict(found);
      return found !== null;
    },
    /** Closes the dialog (a form opened anew). */
    clear,
  };
}
