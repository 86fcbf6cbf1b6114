/** The catalogue: its sections and directions (spec 03 §2.13, §5, §8). Part of MESSAGES (../messages.ts). */
export const CATALOGUE_MESSAGES = {
  /** Catalogue sections (spec 03 §2.13, §5): 'Saved successfully', the slider and upload texts are in `applications`. */
  catalogSections: {
    /** The parent chosen is the section itself or one of its descendants (the tree would close into a ring). */
    ancestry: 'Раздел не может быть вложен в самого себя или в свой подраздел.',
    imageHint: (width: number, height: number, mb: number) => `Формат JPG/JPEG, не больше ${mb} МБ, рекомендуемый размер ${width}×${height}`,
    sliderFull: (max: number) => `В слайдере не больше ${max} туров.`,
  },
  /** Directions of the catalogue (spec 03 §8: 'Saved successfully' for catalogue sections and directions). */
  directions: {
    saved: 'Успешно сохранено', // spec: 'Saved successfully'
  },
} as const;
