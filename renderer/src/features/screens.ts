/**
 * Which screen each named route shows. A simple resource maps to its declaration (rendered by the
 * generic ResourceScreen); a complex one to its own component. Routes absent here show the honest
 * "раздел в разработке" page until their issue lands.
 */
import type { RouteName } from '@shared/routes';
import type { ComponentType } from 'react';
import type { ResourceScreenDefinition } from '../common/resource/definition';
import { countriesScreen } from './countries/countriesScreen';
import { usersScreen } from './users/usersScreen';

export type Screen = { resource: ResourceScreenDefinition<never> } | { component: ComponentType };

export const SCREENS: Partial<Record<RouteName, Screen>> = {
  users: { resource: usersScreen as ResourceScreenDefinition<never> },
  countries: { resource: countriesScreen as ResourceScreenDefinition<never> },
};
