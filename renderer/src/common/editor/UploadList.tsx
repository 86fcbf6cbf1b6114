/**
 * Files a record keeps (a hotel's memo or description files): upload one at a time to `path` with
 * `fields` (the type first: the server picks the policy from it), a link to each, remove from the
 * list (the server drops a removed upload when the record is saved), at most `max`.
 */
import { Button, FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { policyAccept, precheckFile, type UploadedFile, type UploadPolicy } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { useState } from 'react';
import { api } from '../../api/http';
import { notifyFailure } from '../failure';
import { toast } from '../toaster';
import { SafeLink } from '../SafeLink';

interface Props {
  label: string;
  value: UploadedFile[];
  onChange(files: UploadedFile[]): void;
  path: string;
  fields: Record<string, string>;
  policy: UploadPolicy;
  max?: number;
  maxText?: string;
  errors: FieldErrors;
  disabled?: boolean;
}

/** Uploads one file as multipart `file` after `fields`; the stored {name, path, url}, or null after a toast. */
export async function uploadFile(path: string, fields: Record<string, string>, file: File, policy: UploadPolicy): Promise<UploadedFile | null> {
  const refused = precheckFile(file, policy);
  if (refused) {
    toast.error(`${file.name}: ${refused}`, MESSAGES.files.uploadFailed);
    return null;
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, file.name);
  try {
    const stored = await api.post<UploadedFile>(path, form);
    return { ...stored, name: file.name };
  } catch (error) {
    notifyFailure(error, file.name, { title: MESSAGES.files.uploadFailed });
    return null;
  }
}

/** A file picker that uploads the chosen file at once (see `uploadFile`) and hands over what was stored. */
export function UploadButton({ label, path, fields, policy, disabled, onUploaded }: { label: string; path: string; fields: Record<string, string>; policy: UploadPolicy; disabled?: boolean; onUploaded(file: UploadedFile): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <FileInput
      text={busy ? 'Загрузка…' : MESSAGES.files.choose}
      buttonText={MESSAGES.files.browse}
      disabled={disabled || busy}
      inputProps={{ accept: policyAccept(policy), 'aria-label': label }}
      onInputChange={async (event) => {
        const input = event.currentTarget as HTMLInputElement;
        const file = input.files?.[0];
        input.value = '';
        if (!file) return;
        setBusy(true);
        const stored = await uploadFile(path, fields, file, policy);
        setBusy(false);
        if (stored) onUploaded(stored);
      }}
    />
  );
}

export function UploadList({ label, value, onChange, path, fields, policy, max, maxText, errors, disabled }: Props) {
  const full = max !== undefined && value.length >= max;
  const error = errors['']?.[0];
  return (
    <FormGroup label={label} helperText={error ?? (full ? maxText : undefined)} intent={error ? Intent.DANGER : Intent.NONE}>
      {value.map((file, index) => (
        <div key={file.path} className="upload-list-item">
          <SafeLink href={file.url} target="_blank">
            {file.name}
          </SafeLink>
          <Button variant="minimal" icon="cross" aria-label={`${MESSAGES.list.delete}: ${file.name}`} onClick={() => onChange(value.filter((_, position) => position !== index))} disabled={disabled} />
        </div>
      ))}
      {!full && <UploadButton label={label} path={path} fields={fields} policy={policy} disabled={disabled} onUploaded={(stored) => onChange([...value, stored])} />}
    </FormGroup>
  );
}
