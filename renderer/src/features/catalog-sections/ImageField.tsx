/**
 * A catalogue section's banner or image (spec 03 §5): one jpg/jpeg up to 2 MB — the limits GET
 * /catalog-sections/data reports, the server's own — uploaded through POST /api/images at once; the
 * form keeps its path (and URL to show it). A 422 says the image's first error; any other failure
 * 'Произошла ошибка при загрузке изображения!' (spec 03 §8).
 */
import { Button, FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { CATALOG_SECTION_IMAGE } from '@shared/catalog-sections/constants';
import { CATALOG_SECTION_PATHS } from '@shared/catalog-sections/paths';
import type { CatalogSectionData } from '@shared/catalog-sections/types';
import { FILE_KINDS, policyAccept, precheckFile, type FileKind, type UploadedFile, type UploadPolicy } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError } from '../../api/http';
import { notifyFailure } from '../../common/failure';
import type { FieldRenderProps } from '../../common/form/fields';
import { toast } from '../../common/toaster';

/** The dialog's lists and limits (one read, shared by both image fields and the parent select). */
export const useSectionData = () =>
  useQuery({ queryKey: [CATALOG_SECTION_PATHS.data], queryFn: ({ signal }) => api.get<CatalogSectionData>(CATALOG_SECTION_PATHS.data, undefined, signal), staleTime: 60_000 });

/** The server's limits as an upload policy for the pre-check; the shared one until they arrive. */
function policyOf(data: CatalogSectionData | undefined): UploadPolicy {
  const fallback = CATALOG_SECTION_IMAGE.policy;
  if (!data) return fallback;
  const kinds = (Object.keys(FILE_KINDS) as FileKind[]).filter((kind) => FILE_KINDS[kind].extensions.some((extension) => data.image_limits.mimes.includes(extension)));
  const mb = data.image_limits.size / 1024;
  return { kinds, maxBytes: data.image_limits.size * 1024, messages: { tooLarge: MESSAGES.files.tooLarge(mb), badFormat: fallback.messages.badFormat } };
}

export function ImageField({ name, label, values, setValue, errors }: FieldRenderProps & { name: 'banner' | 'image'; label: string }) {
  const { data } = useSectionData();
  const [uploading, setUploading] = useState(false);
  const policy = policyOf(data);
  const hint = data?.image_hint ?? CATALOG_SECTION_IMAGE.hint;
  const url = values[`${name}_url`] as string | null | undefined;
  const path = values[name] as string | null | undefined;
  const error = errors[name]?.[0];

  const upload = async (file: File) => {
    const refusal = precheckFile(file, policy);
    if (refusal) return toast.error(refusal);
    const form = new FormData();
    form.append('image', file);
    form.append('entity', CATALOG_SECTION_IMAGE.entity);
    setUploading(true);
    try {
      const uploaded = await api.post<UploadedFile>(CATALOG_SECTION_PATHS.images, form);
      setValue(name, uploaded.path);
      setValue(`${name}_url`, uploaded.url);
    } catch (failure) {
      const first = failure instanceof ApiError ? Object.values(failure.fieldErrors)[0]?.[0] : undefined;
      if (first) toast.error(first);
      else notifyFailure(failure, MESSAGES.applications.imageUploadFailed, { fixed: true });
    } finally {
      setUploading(false);
    }
  };

  return (
    <FormGroup label={label} helperText={error ?? MESSAGES.catalogSections.imageHint(hint.width, hint.height, policy.maxBytes / 1024 / 1024)} intent={error ? Intent.DANGER : Intent.NONE}>
      {path && url ? (
        <div className="catalog-image">
          <img src={url} alt={label} height={120} />
          <Button icon="trash" intent={Intent.DANGER} variant="minimal" text="Удалить изображение" onClick={() => (setValue(name, null), setValue(`${name}_url`, null))} />
        </div>
      ) : (
        <FileInput
          text={uploading ? 'Загрузка…' : MESSAGES.files.choose}
          buttonText={MESSAGES.files.browse}
          disabled={uploading}
          inputProps={{ accept: policyAccept(policy), 'aria-label': label }}
          onInputChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
      )}
    </FormGroup>
  );
}
