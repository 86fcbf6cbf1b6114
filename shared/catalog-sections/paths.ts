/** The catalogue-section API of spec 03 §7 "Catalogue sections and directions", under /api. */
export const CATALOG_SECTION_PATHS = {
  list: '/catalog-sections',
  one: (id: number) => `/catalog-sections/${id}`,
  /** GET: the dialog's lists and the image limits. */
  data: '/catalog-sections/data',
  /** GET (`id`: the section edited, left out with its descendants): the sections that may be a parent. */
  parentList: '/front/catalog-sections/parent-list',
  /** GET `?query=`: the tours picker of the slider. */
  tours: '/tours/list',
  /** POST multipart `image`, `entity`: the banner and the image. */
  images: '/images',
} as const;
