import { MESSAGES } from '@shared/messages';
import { USER_ROLES_LIST_PATH, usersResource, type UserRow } from '@shared/resources/users';
import { Role } from '@shared/roles';
import { defineResourceScreen } from '../../common/resource/definition';

/** /users (spec 01 §2.8): administrator only. */
export const usersScreen = defineResourceScreen<UserRow>({
  resource: usersResource,
  title: 'Пользователи',
  subtitle: 'Сотрудники с доступом к бэк-офису',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'full_name', title: 'ФИО' },
    { key: 'email', title: 'Email' },
    { key: 'role_name', title: 'Роль', width: 160 },
  ],
  switches: [{ segment: 'active', title: MESSAGES.list.active }],
  filters: [{ param: 'is_active', label: 'Активность', yes: 'Активные', no: 'Неактивные' }],
  form: {
    titles: { create: 'Добавление пользователя', edit: 'Редактирование пользователя' },
    fields: [
      { kind: 'text', name: 'surname', label: 'Фамилия', required: true },
      { kind: 'text', name: 'name', label: 'Имя', required: true },
      { kind: 'text', name: 'patronymic', label: 'Отчество' },
      { kind: 'email', name: 'email', label: 'Email', required: true },
      { kind: 'password', name: 'password', label: 'Пароль', required: 'create', editHint: 'Оставьте пустым, чтобы не менять пароль' },
      { kind: 'select', name: 'role', label: 'Роль', required: true, options: { path: USER_ROLES_LIST_PATH } },
      { kind: 'switch', name: 'is_active', label: MESSAGES.list.active },
    ],
    initial: { surname: '', name: '', patronymic: '', email: '', password: '', role: Role.Manager, is_active: true },
  },
  confirmDelete: 'Вы действительно желаете удалить пользователя?',
});
