/** The catalog part of the city dialog: one image (420x200 hint) and a price (spec 01 §2.9, §4 "City photo"). */
import { Button, FileInput, FormGroup, H5, Intent } from '@blueprintjs/core';
import { PHOTO_POLICY, policyAccept, precheckFile, type UploadedFile } from '@shared/files';
import { MESSAGES } from '@shared/messages';
import { CITY_CATALOG_IMAGE_HINT } from '@shared/resources/cities';
import { useState } from 'react';
import { api } from '../../api/http';
import { notifyFailure } from '../../common/failure';
import type { FieldRenderProps } from '../../common/form/fields';
import { NumberField } from '../../common/form/NumberField';
import { toast } from '../../common/toaster';

interface Catalog {
  image: string | null;
  image_url?: string | null;
  price: number | null;
}

export function CityCatalogField({ values, setValue, errors, editing }: FieldRenderProps) {
  const catalog = values.catalog as Catalog;
  const [uploading, setUploading] = useState(false);
  const set = (changes: Partial<Catalog>) => setValue('catalog', { ...catalog, ...changes });
  const imageError = errors['catalog.image']?.[0];
  const priceError = errors['catalog.price']?.[0];

  const upload = async (file: File) => {
    const refusal = precheckFile(file, PHOTO_POLICY);
    if (refusal) return toast.error(refusal);
    const form = new FormData();
    form.append('photo', file);
    form.append('entity', 'city');
    setUploading(true);
    try {
      const uploaded = await api.post<UploadedFile>('/photos', form);
      set({ image: uploaded.path, image_url: uploaded.url });
    } catch (error) {
      notifyFailure(error, MESSAGES.files.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  // Editing a saved city clears the photo (the city still points at it until saved); a photo uploaded
  // in this dialog for a new city is deleted right away (spec 01 §4 "City photo").
  const remove = async () => {
    if (!editing && catalog.image) await api.delete(`/photos?path=${encodeURIComponent(catalog.image)}`).catch(() => undefined);
    set({ image: null, image_url: null });
  };

  return (
    <div className="city-catalog">
      <H5>Каталог</H5>
      <FormGroup label="Изображение" helperText={imageError ?? CITY_CATALOG_IMAGE_HINT} intent={imageError ? Intent.DANGER : Intent.NONE}>
        {catalog.image_url ? (
          <div className="catalog-image">
            <img src={catalog.image_url} alt="Изображение города в каталоге" width={210} height={100} />
            <Button icon="trash" intent={Intent.DANGER} variant="minimal" text="Удалить изображение" onClick={() => void remove()} />
          </div>
        ) : (
          <FileInput
            text={uploading ? 'Загрузка…' : 'Выберите файл…'}
            buttonText="Обзор"
            disabled={uploading}
            inputProps={{ accept: policyAccept(PHOTO_POLICY), 'aria-label': 'Изображение города в каталоге' }}
            onInputChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void upload(file);
            }}
          />
        )}
      </FormGroup>
      <FormGroup label="Цена" labelFor="field-catalog-price" helperText={priceError} intent={priceError ? Intent.DANGER : Intent.NONE}>
        <NumberField
          id="field-catalog-price"
          min={0}
          step={100}
          intent={priceError ? Intent.DANGER : Intent.NONE}
          value={catalog.price}
          onChange={(price) => set({ price: price as number | null })}
          rightElement={<span className="input-suffix">₽</span>}
        />
      </FormGroup>
    </div>
  );
}
