/** Reusable controlled editors for record forms (cities, hotels, tours, transports). */
export { PhotoListEditor, type PhotoListEditorProps } from './PhotoListEditor';
export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
export { appendUploaded, movePhoto, nextSort, pickFiles, reindex, removePhoto, scopedErrors, SORT_OPTIONS, updatePhoto } from './photoList';
export { normalizeLink } from './richText';
