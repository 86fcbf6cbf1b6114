/** Imports and the dashboard (spec 01 §2.14, §2.15, §8). Part of MESSAGES (../messages.ts). */
export const IMPORT_MESSAGES = {
  /** Spec 01 §2.14, §2.15, §8 (imports and the dashboard): quoted in English, shown in Russian. */
  imports: {
    title: 'Импорты', // spec: 'Imports'
    subtitle: 'список импортов', // spec: 'list of imports'
    editTitle: 'Редактирование', // spec: 'Editing'
    addTitle: 'Добавление', // spec: 'Adding'
    updateVendorData: 'Обновить данные поставщиков', // spec: 'update vendor data'
    restart: 'Перезапустить импорты', // spec: 'restart imports'
    selectAll: 'Выбрать все', // spec: 'Select all'
    clearSelection: 'Очистить выбор', // spec: 'Clear selection'
    saved: 'Импорт успешно сохранён', // spec: 'Import saved successfully'
    restarted: 'Импорты перезапущены', // spec: 'Imports restarted'
    updating: 'Данные обновляются', // spec: 'Data is being updated'
    unavailable: 'Сервис недоступен, попробуйте позже', // spec: 'Service unavailable, try again later'
    failed: 'Произошла ошибка', // spec: 'An error occurred'
    /** Issue 31: a manager or accountant sending other connector settings than the stored ones. */
    connectorAdminOnly: 'Настройки подключения к сервису меняет только администратор',
    /** Issue 31: a vendor that is no external service, or has no protocol set. */
    notConnected: 'Поставщик не подключён к внешнему сервису',
    /** Issue 31: the supplier refused our credentials (its 401/403) without a message of its own. */
    refused: 'Сервис поставщика отклонил логин или пароль',
    /** Issue 31: the supplier refused the request (its other 4xx) without a message of its own. */
    rejected: 'Сервис поставщика отклонил запрос',
    /** Issue 31: editing an import keeps its vendor and type (spec 01 §4: the selects are locked). */
    locked: 'Поставщика и тип сохранённого импорта изменить нельзя',
    /** Issue 31: the same item chosen twice. */
    duplicateItem: 'Этот объект уже выбран',
    /** Issue 31: a type the vendor's cached types do not hold. */
    unknownType: 'У поставщика нет такого типа: обновите данные поставщиков',
    /** Issue 31: the Comments tab of an application that came from no outside service. */
    notExternal: 'Заявка не связана с внешним сервисом',
    /** Issue 31: the administrator's mapping list of the suppliers' values (/imports/mappings). */
    mappings: {
      title: 'Сопоставления',
      subtitle: 'Значения поставщиков и наши записи, которым они соответствуют',
      saved: 'Сопоставление сохранено',
      unmapped: 'не сопоставлено',
      filter: 'Сопоставление',
      onlyUnmapped: 'Только несопоставленные',
      onlyMapped: 'Только сопоставленные',
      edit: 'Редактирование сопоставления',
      target: 'Наша запись',
      hint: 'Пустое значение — не сопоставлено: импорт пропускает объекты с этим значением',
      confirmDelete: 'Удалить сопоставление? Следующий импорт снова добавит значение в список',
    },
    /**
     * Issue 37 "The supplier door": what a manager reads of a supplier's answer we refused or did not get
     * (the technical detail goes to the server's log only, never an echo of what answered).
     */
    door: {
      internal: 'Ссылка поставщика ведёт во внутреннюю сеть — не загружено',
      tooLarge: 'Ответ поставщика слишком большой',
      tooDeep: 'Ответ поставщика слишком глубоко вложен',
      pageTooLong: 'Страница каталога длиннее запрошенной',
      catalogueCapped: (max: number) => {
        const figure = String(max).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
        return `Каталог поставщика больше ${figure} позиций — прочитаны первые ${figure}`;
      },
      tooManyRooms: (max: number) => `Позиция отклонена: номеров больше ${max}`,
      tooManyPhotos: (max: number) => `Позиция отклонена: фотографий больше ${max}`,
      tooManyRoomPhotos: (max: number) => `Позиция отклонена: фотографий номера больше ${max}`,
      tooManyPeriods: (max: number) => `Позиция отклонена: ценовых периодов номера больше ${max}`,
      controlCharacters: (field: string) => `Позиция отклонена: недопустимые символы в поле «${field}»`,
      timeout: 'Поставщик не ответил вовремя',
      unavailable: 'Сервис поставщика недоступен',
      notProtocol: 'Ответ поставщика не соответствует протоколу',
      /** The address the administrator typed in the vendor's form: a login or password inside the link. */
      credentialsInUrl: 'Адрес не должен содержать логин или пароль: укажите их в полях «Логин» и «Пароль»',
      /** The vendor form's address that leads to this computer or the office network (not named in SUPPLIER_PRIVATE_HOSTS). */
      baseUrlInternal: 'Адрес ведёт на этот компьютер или во внутреннюю сеть: такой сервис поставщика администратор сервера разрешает в SUPPLIER_PRIVATE_HOSTS',
      /** «Обновить данные поставщиков»: each vendor's result on the Imports screen. */
      results: { updated: 'обновлён', unavailable: 'недоступен', refused: 'отказ', not_connected: 'не подключён' },
      resultItems: (items: number) => `позиций: ${items}`,
      updateTitle: 'Данные поставщиков',
      updated: 'Данные поставщиков обновлены',
    },
    /** Issue 31 "The import job": its log lines (an item is named by the supplier's name). */
    job: {
      started: (items: number) => `Импорт запущен, объектов: ${items}`,
      created: (name: string, rooms: number) => `«${name}»: отель создан, номеров: ${rooms}`,
      updated: (name: string, rooms: number) => `«${name}»: отель обновлён, номеров: ${rooms}`,
      roomsAdded: (name: string, rooms: number) => `«${name}»: новых номеров: ${rooms}`,
      roomsRemoved: (name: string, rooms: number) => `«${name}»: номеров, которых у поставщика больше нет: ${rooms} (отмечены, не удалены)`,
      renamed: (name: string, saved: string) => `«${name}»: отель с таким названием в этом городе уже есть, сохранён как «${saved}»`,
      unknownCity: (name: string, city: string) => `«${name}»: город «${city}» не сопоставлен, добавлен в список сопоставлений; объект пропущен`,
      unknownValue: (name: string, handbook: string, value: string) =>
        `«${name}»: значение «${value}» справочника «${handbook}» не сопоставлено, добавлено в список сопоставлений; объект пропущен`,
      itemFailed: (name: string, reason: string) => `«${name}»: ошибка — ${reason}`,
      /** Issue 37: an item our guards refused (its bounds, control characters): the refusal's own line. */
      itemRefused: (name: string, reason: string) => `«${name}»: ${reason}`,
      /** The hotel's schema or the editor's build refused what the supplier sent: the field and its message. */
      refused: (name: string, field: string, message: string) => `«${name}»: поле ${field} — ${message} Объект не импортирован`,
      photoFailed: (name: string, url: string, reason: string) => `«${name}»: фото ${url} не загружено — ${reason}`,
      /** Issue 37: a photo link to this computer or the office network — one line, nothing of what answered. */
      photoInternal: (name: string, url: string) => `«${name}», фото ${url}: Ссылка поставщика ведёт во внутреннюю сеть — не загружено`,
      keptEdits: (name: string, fields: string) => `«${name}»: изменённое вручную не перезаписано: ${fields}`,
      done: 'Импорт завершён',
      doneWithErrors: (failed: number) => `Импорт завершён с ошибками, объектов с ошибками или пропущенных: ${failed}`,
      failed: (reason: string) => `Импорт не выполнен: ${reason}`,
      noneImported: 'ни один объект не импортирован',
      handbooks: { room_types: 'Типы номеров', room_places: 'Размещение в номерах', accommodations: 'Условия размещения' },
    },
  },
  dashboard: {
    title: 'Главная', // spec: 'Dashboard'
    statusFilter: 'Выберите статус заявки', // spec: 'choose application status'
    all: 'Все', // spec: 'All'
    excursion: 'Экскурсионная', // spec: 'Excursion'
    flight: 'Рейс', // spec: 'Flight'
    sum: 'Итого', // spec: 'Sum'
    loading: 'Загрузка…', // spec: 'Loading'
    noData: 'Нет данных', // spec: 'no data'
  },
} as const;
