/**
 * The `file` field kind: one file for a multipart form (ResourceFormSpec.multipart). Its value is
 * a File chosen in this dialog, the record's current file ({name, url}, as read back), or null.
 * Allowed kinds and size come from the field's policy, or else from GET /api/files/limits
 * (FILE_LIMITS_DEFAULTS until it answers, spec 01 §7); the size is shown in MB.
 */
import { Button, FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { downloadName, extensionOf, FILE_LIMITS_DEFAULTS, fileLimitsOf, type FileLimits, type UploadPolicy } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../api/http';
import { SafeLink } from '../SafeLink';

/** GET /api/files/limits → {size (KB), mimes (extensions), mime_types}. */
export const FILE_LIMITS_PATH = '/files/limits';

/** The limits of a file field: its policy's, or the server's agency-document limits. */
export function useFileLimits(policy?: UploadPolicy): FileLimits {
  const { data } = useQuery({
    queryKey: ['file-limits'],
    queryFn: ({ signal }) => api.get<FileLimits>(FILE_LIMITS_PATH, undefined, signal),
    enabled: !policy,
    staleTime: 5 * 60_000,
  });
  if (policy) return fileLimitsOf(policy);
  return data ?? FILE_LIMITS_DEFAULTS;
}

/** A size in KB as MB for people: 10240 → '10', 1536 → '1,5'. */
export const limitMegabytes = (kilobytes: number) => (kilobytes / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 });

/** 'Допустимые форматы: pdf, doc, …; не более 10 МБ'. */
export const fileLimitsHint = (limits: FileLimits) => MESSAGES.files.limitsHint(limits.mimes, limitMegabytes(limits.size));

/** The `accept` of the file input: the extensions and MIME types; undefined (anything) while none are known. */
export const fileLimitsAccept = (limits: FileLimits) =>
  limits.mimes.length + limits.mime_types.length > 0 ? [...limits.mimes.map((extension) => `.${extension}`), ...limits.mime_types].join(',') : undefined;

/**
 * The client-side pre-check of a chosen file against the limits (the server decides by content):
 * a known extension, or a known browser type for a name without one, and the size. The message, or null.
 */
export function precheckAgainstLimits(file: { name: string; size: number; type?: string }, limits: FileLimits): string | null {
  if (limits.mimes.length > 0) {
    const extension = extensionOf(file.name);
    const knownType = !!file.type && limits.mime_types.includes(file.type.toLowerCase());
    if (!limits.mimes.includes(extension) && !(extension === '' && knownType)) return MESSAGES.files.badFormat;
  }
  if (file.size > limits.size * 1024) return MESSAGES.files.tooLarge(Number((limits.size / 1024).toFixed(1)));
  return null;
}

/** The current file of a record as read back: `{name, url}` (and usually `path`). */
export interface CurrentFile {
  name: string;
  url: string;
}

const isCurrentFile = (value: unknown): value is CurrentFile =>
  typeof value === 'object' && value !== null && !(value instanceof Blob) && typeof (value as CurrentFile).url === 'string';

interface Props {
  id: string;
  label: string;
  required: boolean;
  policy?: UploadPolicy;
  hint?: string;
  value: unknown;
  error?: string;
  disabled?: boolean;
  onChange(value: unknown): void;
}

export function FileField({ id, label, required, policy, hint, value, error, disabled, onChange }: Props) {
  const limits = useFileLimits(policy);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [replacing, setReplacing] = useState(false);
  // The record's file, kept so that "replace" can be cancelled.
  const original = useRef<CurrentFile | null>(null);
  if (isCurrentFile(value)) original.current = value;
  const chosen = value instanceof File ? value : null;
  const current = isCurrentFile(value) ? value : null;
  const message = refusal ?? error;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = precheckAgainstLimits(file, limits);
    setRefusal(problem);
    if (!problem) onChange(file);
  };
  const cancelReplace = () => {
    setRefusal(null);
    setReplacing(false);
    onChange(original.current);
  };

  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} helperText={message ?? hint ?? fileLimitsHint(limits)} intent={message ? Intent.DANGER : Intent.NONE}>
      {current && !replacing ? (
        <div className="file-field-current">
          <SafeLink href={current.url} download={downloadName(current.name, current.url)} className="file-field-link">
            {current.name}
          </SafeLink>
          <Button icon="refresh" variant="minimal" text={MESSAGES.files.replace} disabled={disabled} onClick={() => setReplacing(true)} />
        </div>
      ) : (
        <div className="file-field-choose">
          <FileInput
            fill
            text={chosen?.name ?? MESSAGES.files.choose}
            hasSelection={chosen !== null}
            buttonText={MESSAGES.files.browse}
            disabled={disabled}
            inputProps={{ id, accept: fileLimitsAccept(limits), 'aria-label': label }}
            onInputChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              choose(file);
            }}
          />
          {original.current && (
            <Button icon="undo" variant="minimal" text={MESSAGES.files.keepCurrent} disabled={disabled} onClick={cancelReplace} />
          )}
        </div>
      )}
    </FormGroup>
  );
}
