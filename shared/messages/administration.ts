/** Staff users and the log (spec 01 §8). Part of MESSAGES (../messages.ts). */
export const ADMINISTRATION_MESSAGES = {
  users: {
    saved: 'Пользователь успешно сохранен',
    deleted: 'Пользователь успешно удален',
    cannotDeleteSelf: 'Нельзя удалить собственную учётную запись.',
    cannotDeactivateSelf: 'Нельзя отключить собственную учётную запись.',
    lastAdministrator: 'Нельзя снять роль администратора или отключить последнего активного администратора.',
  },
  logs: {
    deleted: 'Лог успешно удалён', // spec: 'Log successfully deleted'
  },
} as const;
