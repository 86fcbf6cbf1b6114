/**
 * Every list resource served by the generic machinery (server/common/resource).
 * Adding a handbook: its shared definition, an entity and migration, and one line here.
 */
import type { AnyServerResource } from './common/resource/server-resource.js';
import { agenciesServerResource } from './agencies/agencies.resource.js';
import { agencyDocumentsServerResource } from './agency-documents/agency-documents.resource.js';
import { citiesServerResource } from './cities/cities.resource.js';
import { clientsServerResource } from './clients/clients.resource.js';
import { countriesServerResource } from './countries/countries.resource.js';
import { directionsServerResource, hotelDirectionsServerResource } from './directions/directions.resources.js';
import { HOTEL_HANDBOOK_RESOURCES } from './hotel-handbooks/hotel-handbooks.resources.js';
import { logsServerResource } from './logs/logs.resource.js';
import { ROOM_DICTIONARIES } from './room-dictionaries/room-dictionaries.resources.js';
import { TOUR_DICTIONARY_RESOURCES } from './tour-dictionaries/tour-dictionaries.resources.js';
import { transportationServerResource } from './transportation/transportation.resource.js';
import { usersServerResource } from './users/users.resource.js';
import { vendorsServerResource } from './vendors/vendors.resource.js';
import { importsServerResource } from './imports/imports.resource.js';
import { supplierMappingsServerResource } from './imports/supplier-mappings.resource.js';

export const SERVER_RESOURCES = [
  usersServerResource,
  countriesServerResource,
  citiesServerResource,
  directionsServerResource,
  hotelDirectionsServerResource,
  vendorsServerResource,
  logsServerResource,
  ...HOTEL_HANDBOOK_RESOURCES,
  ...Object.values(ROOM_DICTIONARIES),
  ...TOUR_DICTIONARY_RESOURCES,
  agencyDocumentsServerResource,
  clientsServerResource,
  agenciesServerResource,
  transportationServerResource,
  // Before the imports: /imports/mappings/… is the mapping list's, never an import's id.
  supplierMappingsServerResource,
  importsServerResource,
] as AnyServerResource[];
