/** Upload texts: a part of MESSAGES (../messages.ts). */
export const FILE_MESSAGES = {
  /** Uploads (spec 01 §5 "Photos", §8). */
  files: {
    /** Hint of a file field: 'Допустимые форматы: pdf, doc; не более 10 МБ' (no formats known yet: the size only). */
    limitsHint: (formats: readonly string[], mb: string) =>
      formats.length > 0 ? `Допустимые форматы: ${formats.join(', ')}; не более ${mb} МБ` : `Не более ${mb} МБ`,
    replace: 'Заменить',
    keepCurrent: 'Оставить текущий',
    choose: 'Выберите файл…',
    browse: 'Обзор',
    tooLarge: (mb: number) => `Загружаемый файл не может быть больше ${mb} мб`,
    badFormat: 'Недопустимый формат файла.',
    /** An upload that takes PDF only (an application's documents). */
    onlyPdf: 'Можно загрузить только файл PDF.',
    required: 'Выберите файл.',
    oneFile: 'Можно загрузить только один файл.',
    malformed: 'Не удалось прочитать загружаемый файл.',
    notAPhoto: 'Можно удалить только загруженную фотографию.',
    /** DELETE /api/photos of an upload no record uses yet, by someone other than its uploader. */
    notYourUpload: 'Удалить файл, ещё не сохранённый в записи, может только тот, кто его загрузил.',
    /** A record points only at uploads made for its kind of field (a city's catalogue image at a city photo). */
    wrongKind: 'Этот файл загружен не для этого поля.',
    uploadFailed: 'Произошла ошибка при загрузке файла',
    /** Editor image upload failure: title errors.saveFailedTitle, then this. */
    checkPhoto: 'Проверьте параметры фотографии: формат jpg, jpeg или png, размер не больше 2 мб',
    tooManyAtOnce: (max: number, given: number) => `За один раз можно загрузить не более ${max} файлов: взяты первые ${max} из ${given}.`,
    /** 429: this user already has as many uploads running as one person may (server/files/upload-slots.ts). */
    tooManyInFlight: 'Слишком много файлов загружается одновременно. Дождитесь окончания текущих загрузок и повторите попытку.',
    /** 503: the server takes as many uploads at once as it may from everyone together. */
    serverBusyWithUploads: 'Сервер сейчас принимает слишком много файлов. Повторите попытку через несколько секунд.',
  },
} as const;
