/**
 * Which screen each named route shows. A simple resource maps to its declaration (rendered by the
 * generic ResourceScreen); a complex one to its own component. Routes absent here show the honest
 * "раздел в разработке" page until their issue lands.
 */
import type { RouteName } from '@shared/routes';
import type { ComponentType } from 'react';
import type { ResourceScreenDefinition, RowBase } from '../common/resource/definition';
import { agenciesScreen } from './agencies/agenciesScreen';
import { agencyUsersScreen } from './agencies/agencyUsersScreen';
import { agencyDocumentsScreen } from './agency-documents/agencyDocumentsScreen';
import { citiesScreen } from './cities/citiesScreen';
import { clientsScreen } from './clients/clientsScreen';
import { countriesScreen } from './countries/countriesScreen';
import * as directions from './directions/screens';
import * as hotel from './hotel-handbooks/screens';
import { HotelEditorPage } from './hotels/HotelEditorPage';
import { hotelsScreen } from './hotels/hotelsScreen';
import { logsScreen } from './logs/logsScreen';
import * as rooms from './rooms/screens';
import * as tours from './tour-dictionaries/screens';
import { usersScreen } from './users/usersScreen';
import { vendorsScreen } from './vendors/vendorsScreen';

export type Screen = { resource: ResourceScreenDefinition<never> } | { component: ComponentType };

/** A route served by the generic list screen. */
const list = <Row extends RowBase>(definition: ResourceScreenDefinition<Row>): Screen => ({
  resource: definition as unknown as ResourceScreenDefinition<never>,
});

export const SCREENS: Partial<Record<RouteName, Screen>> = {
  users: list(usersScreen),
  countries: list(countriesScreen),
  cities: list(citiesScreen),
  directions: list(directions.directionsScreen),
  'hotel-directions': list(directions.hotelDirectionsScreen),
  vendors: list(vendorsScreen),
  logs: list(logsScreen),
  'hotel-meals': list(hotel.mealsScreen),
  'hotel-accommodations': list(hotel.accommodationsScreen),
  'hotel-services': list(hotel.hotelServicesScreen),
  'hotel-promotions': list(hotel.promotionsScreen),
  'hotel-infrastructures': list(hotel.infrastructuresScreen),
  'hotel-infrastructure-types': list(hotel.infrastructureTypesScreen),
  'room-types': list(rooms.roomTypesScreen),
  'room-places': list(rooms.roomPlacesScreen),
  'room-descriptions': list(rooms.roomDescriptionsScreen),
  'room-services': list(rooms.roomServicesScreen),
  'room-equipment': list(rooms.roomEquipmentScreen),
  'room-furniture': list(rooms.roomFurnitureScreen),
  'room-bathroom': list(rooms.roomBathroomScreen),
  'excursion-tour-categories': list(tours.tourCategoriesScreen),
  'excursion-tour-trade-offers': list(tours.tradeOffersScreen),
  'tour-types': list(tours.tourTypesScreen),
  'agencies-files': list(agencyDocumentsScreen),
  clients: list(clientsScreen),
  agencies: list(agenciesScreen),
  'agencies-users': list(agencyUsersScreen),
  hotels: list(hotelsScreen),
  'hotel-create': { component: HotelEditorPage },
  'hotel-edit': { component: HotelEditorPage },
  'hotel-copy': { component: HotelEditorPage },
};
