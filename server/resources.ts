/**
 * Every list resource served by the generic machinery (server/common/resource).
 * Adding a handbook: its shared definition, an entity and migration, and one line here.
 */
import type { ServerResource } from './common/resource/server-resource.js';
import { countriesServerResource } from './countries/countries.resource.js';
import { usersServerResource } from './users/users.resource.js';

export const SERVER_RESOURCES: ServerResource[] = [usersServerResource, countriesServerResource] as ServerResource[];
