/** Hotels and their handbooks (spec 02 §5, §8; spec 01 §8). Part of MESSAGES (../messages.ts). */
export const HOTEL_MESSAGES = {
  /** Spec 02 §5, §8 (hotels and rooms): quoted in English, shown in Russian. */
  hotels: {
    /** The locks of the hotel editor, said on hover (issue 27). */
    placeLocked: 'Сбросьте количество мест, чтобы сменить размещение',
    totalPriceOff: 'Общая цена задаётся, когда включена «Общая цена за номер».',
    totalPriceOn: 'Пока включена «Общая цена за номер», цены за взрослого и ребёнка не действуют.',
    commissionDifferentiated: 'Наценка задаётся по категориям, пока включено «Дифференцировать наценку».',
    saveFailed: 'Ошибка сохранения', // spec: 'Save error'
    checkFields: 'Проверьте правильность заполнения полей формы и попробуйте еще раз', // spec: 'Check the form fields are filled in correctly and try again'
    inUse: 'Невозможно удалить, т.к. запись используется', // spec: 'Cannot delete, because the record is in use'
    loadFailed: 'Произошла непредвиденная ошибка', // spec: 'An unforeseen error occurred'
    uploadFailed: 'Произошла ошибка при загрузке файла', // spec: 'An error occurred while uploading the file'
    savedTitle: 'Успешно', // spec: 'Success'
    saved: 'Отель успешно сохранен', // spec: 'The hotel has been saved successfully'
    fillRequired: 'Заполните все обязательные поля', // spec: 'Fill in all required fields'
    fieldRequired: (field: string) => `Поле «${field}» обязательно для заполнения`, // spec: 'The field X is required'
    /** A room without price periods (saving goes on). */
    datesNotSelected: 'Даты не выбраны!', // spec: 'Dates are not selected!'
    /** Above a hotel's copy (spec 02 §4 "Hotel copy": files, photos, videos and room photos emptied). */
    copyNotice: 'Это копия: файлы, фото и видео отеля и фото номеров не копируются — загрузите их заново.',
    fileTooLarge: (mb: number) => `Загружаемый файл не может быть больше ${mb} мб`, // spec: 'The uploaded file cannot be larger than N mb'
    badFormat: 'Недопустимый формат файла.', // spec: 'Invalid file format.'
    /** The room dialog's titles (spec 02 §2: Creating, Editing or Copying a room; a price period's are MESSAGES.editor.periodTitles). */
    roomCreate: 'Создание номера',
    roomEdit: 'Редактирование номера',
    roomCopy: 'Копирование номера',
    confirmDeletePremises: 'Вы действительно хотите удалить помещение?', // spec: 'Are you sure you want to delete the premises?'
    externalIdCleared: 'Внешний идентификатор очищен',
    memoFilesMax: (max: number) => `Не более ${max} файлов.`,
    videosMax: 'Можно загрузить только одно видео.',
  },
  /** Spec 01 §8 successes of the hotel handbooks. */
  hotelHandbooks: {
    mealSaved: 'Характеристика успешно сохранена',
    accommodationSaved: 'Условие успешно сохранено',
    serviceSaved: 'Услуга успешно сохранена',
    serviceDeleted: 'Услуга успешно удалена',
    promotionSaved: 'Акция успешно сохранена',
    directionSaved: 'Направление успешно сохранено',
    infrastructureSaved: 'Инфраструктура успешно сохранена',
    infrastructureTypeSaved: 'Тип инфраструктур успешно сохранен',
  },
  /** Room dictionaries (spec 02): the spec names no texts, so the generic ones. */
  roomDictionaries: {
    saved: 'Успешно сохранено',
  },
} as const;
