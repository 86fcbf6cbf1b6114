/** Staff roles (spec 01 §3, §6). The numeric values are part of the HTTP contract. */
export const Role = {
  Administrator: 1,
  Accountant: 2,
  Manager: 3,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const ROLE_NAMES: Record<Role, string> = {
  [Role.Administrator]: 'Администратор',
  [Role.Accountant]: 'Бухгалтер',
  [Role.Manager]: 'Менеджер',
};

export const ALL_ROLES: readonly Role[] = [Role.Administrator, Role.Accountant, Role.Manager];

/** Areas of spec 01 §6 "Roles and permissions": one place decides who sees and may call what. */
export const ACCESS = {
  everyone: ALL_ROLES,
  administratorOnly: [Role.Administrator],
  administratorAndManager: [Role.Administrator, Role.Manager],
  administratorAndAccountant: [Role.Administrator, Role.Accountant],
} as const satisfies Record<string, readonly Role[]>;

export function isRole(value: unknown): value is Role {
  return value === 1 || value === 2 || value === 3;
}
