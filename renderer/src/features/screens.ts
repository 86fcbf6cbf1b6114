/**
 * Which screen each named route shows. Every screen is its own chunk, loaded when its route is first
 * opened (issue 9 "Renderer": the sign-in page and the first screen do not wait for the others).
 * A simple resource maps to its declaration, rendered by the generic ResourceScreen:
 *   users: list(() => import('./users/usersScreen').then((m) => m.usersScreen)),
 * a complex screen to its own component:
 *   hotels: page(() => import('./hotels/HotelsScreen').then((m) => m.HotelsScreen)),
 * Routes absent here show the honest "раздел в разработке" page until their issue lands.
 */
import { editorRoute, type EditorRouteName, type RouteName } from '@shared/routes';
import { createElement, type ComponentType } from 'react';
import type { ResourceScreenDefinition, RowBase } from '../common/resource/definition';

/** Loads a route's screen (its chunk and what it needs) and gives the component to render. */
export type ScreenLoader = () => Promise<ComponentType>;

/** A route served by the generic list screen, which loads beside the declaration (one shared chunk). */
export const list =
  <Row extends RowBase, Stored extends object>(load: () => Promise<ResourceScreenDefinition<Row, Stored>>): ScreenLoader =>
  async () => {
    const [definition, { ResourceScreen }] = await Promise.all([load(), import('../common/resource/ResourceScreen')]);
    return function ListScreen() {
      return createElement(ResourceScreen<Row, Stored>, { definition });
    };
  };

/** A route served by a component of its own (the hotel, tour and application editors). */
export const page = (load: () => Promise<ComponentType>): ScreenLoader => load;

/** A big editor's create, edit and copy routes (shared/routes.ts `editorRoutes`), all served by its page (one chunk). */
export const editor = <Editor extends EditorRouteName>(name: Editor, load: () => Promise<ComponentType>) => {
  const screen = page(load);
  return { [editorRoute(name, 'create')]: screen, [editorRoute(name, 'edit')]: screen, [editorRoute(name, 'copy')]: screen } as Record<`${Editor}-${'create' | 'edit' | 'copy'}`, ScreenLoader>;
};

export const SCREENS: Partial<Record<RouteName, ScreenLoader>> = {
  users: list(() => import('./users/usersScreen').then((m) => m.usersScreen)),
  countries: list(() => import('./countries/countriesScreen').then((m) => m.countriesScreen)),
  cities: list(() => import('./cities/citiesScreen').then((m) => m.citiesScreen)),
  directions: list(() => import('./directions/screens').then((m) => m.directionsScreen)),
  'hotel-directions': list(() => import('./directions/screens').then((m) => m.hotelDirectionsScreen)),
  'catalog-sections': list(() => import('./catalog-sections/catalogSectionsScreen').then((m) => m.catalogSectionsScreen)),
  vendors: list(() => import('./vendors/vendorsScreen').then((m) => m.vendorsScreen)),
  imports: list(() => import('./imports/importsScreen').then((m) => m.importsScreen)),
  'imports-mappings': list(() => import('./imports/mappingsScreen').then((m) => m.mappingsScreen)),
  organization: page(() => import('./organization/OrganizationPage').then((m) => m.OrganizationPage)),
  logs: list(() => import('./logs/logsScreen').then((m) => m.logsScreen)),
  'hotel-meals': list(() => import('./hotel-handbooks/screens').then((m) => m.mealsScreen)),
  'hotel-accommodations': list(() => import('./hotel-handbooks/screens').then((m) => m.accommodationsScreen)),
  'hotel-services': list(() => import('./hotel-handbooks/screens').then((m) => m.hotelServicesScreen)),
  'hotel-promotions': list(() => import('./hotel-handbooks/screens').then((m) => m.promotionsScreen)),
  'hotel-infrastructures': list(() => import('./hotel-handbooks/screens').then((m) => m.infrastructuresScreen)),
  'hotel-infrastructure-types': list(() => import('./hotel-handbooks/screens').then((m) => m.infrastructureTypesScreen)),
  'room-types': list(() => import('./room-dictionaries/screens').then((m) => m.roomTypesScreen)),
  'room-places': list(() => import('./room-dictionaries/screens').then((m) => m.roomPlacesScreen)),
  'room-descriptions': list(() => import('./room-dictionaries/screens').then((m) => m.roomDescriptionsScreen)),
  'room-services': list(() => import('./room-dictionaries/screens').then((m) => m.roomServicesScreen)),
  'room-equipment': list(() => import('./room-dictionaries/screens').then((m) => m.roomEquipmentScreen)),
  'room-furniture': list(() => import('./room-dictionaries/screens').then((m) => m.roomFurnitureScreen)),
  'room-bathroom': list(() => import('./room-dictionaries/screens').then((m) => m.roomBathroomScreen)),
  'excursion-tour-categories': list(() => import('./tour-dictionaries/screens').then((m) => m.tourCategoriesScreen)),
  'excursion-tour-trade-offers': list(() => import('./tour-dictionaries/screens').then((m) => m.tradeOffersScreen)),
  'tour-types': list(() => import('./tour-dictionaries/screens').then((m) => m.tourTypesScreen)),
  'tour-services': list(() => import('./tour-services/tourServicesScreen').then((m) => m.tourServicesScreen)),
  'agencies-files': list(() => import('./agency-documents/agencyDocumentsScreen').then((m) => m.agencyDocumentsScreen)),
  clients: list(() => import('./clients/clientsScreen').then((m) => m.clientsScreen)),
  agencies: list(() => import('./agencies/agenciesScreen').then((m) => m.agenciesScreen)),
  'agencies-users': list(() => import('./agencies/agencyUsersScreen').then((m) => m.agencyUsersScreen)),
  dashboard: page(() => import('./dashboard/DashboardScreen').then((m) => m.DashboardScreen)),
  analytics: page(() => import('./analytics/AnalyticsScreen').then((m) => m.AnalyticsScreen)),
  transportation: list(() => import('./transportation/transportationScreen').then((m) => m.transportationScreen)),
  ...editor('transportation', () => import('./transportation/transportationScreen').then((m) => m.TransportationFormPage)),
  transports: list(() => import('./transport/transportsScreen').then((m) => m.transportsScreen)),
  ...editor('transport', () => import('./transport/TransportEditorPage').then((m) => m.TransportEditorPage)),
  'transport-schedules': list(() => import('./transport/schedulesScreen').then((m) => m.schedulesScreen)),
  'transport-schedule': page(() => import('./transport/schedule/SchedulePage').then((m) => m.SchedulePage)),
  hotels: list(() => import('./hotels/hotelsScreen').then((m) => m.hotelsScreen)),
  ...editor('hotel', () => import('./hotels/HotelEditorPage').then((m) => m.HotelEditorPage)),
  tours: list(() => import('./tours/toursScreen').then((m) => m.toursScreen)),
  ...editor('tour', () => import('./tours/TourEditorPage').then((m) => m.TourEditorPage)),
  routes: list(() => import('./tour-routes/tourRoutesScreen').then((m) => m.tourRoutesScreen)),
  ...editor('route', () => import('./tour-routes/TourRouteEditorPage').then((m) => m.TourRouteEditorPage)),
  'tour-calculators': list(() => import('./tour-calculators/tourCalculatorsScreen').then((m) => m.tourCalculatorsScreen)),
  ...editor('tour-calculator', () => import('./tour-calculators/TourCalculatorEditorPage').then((m) => m.TourCalculatorEditorPage)),
  'sea-tours': list(() => import('./sea-tours/seaToursScreen').then((m) => m.seaToursScreen)),
  ...editor('sea-tour', () => import('./sea-tours/SeaTourEditorPage').then((m) => m.SeaTourEditorPage)),
  applications: page(() => import('./applications/list/ApplicationsListPage').then((m) => m.ApplicationsListPage)),
  ...editor('application', () => import('./applications/ApplicationEditorPage').then((m) => m.ApplicationEditorPage)),
};
