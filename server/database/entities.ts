/** Every TypeORM entity of the product; each feature folder owns its entity, this list registers it. */
import { AgencyEntity, AgencyUserEntity } from '../agencies/agency.entity.js';
import { AgencyDocumentEntity } from '../agency-documents/agency-document.entity.js';
import { LoginAttemptEntity, SessionEntity } from '../auth/session.entity.js';
import { CatalogSectionEntity } from '../catalog-sections/catalog-section.entity.js';
import { CityEntity } from '../cities/city.entity.js';
import { ClientEntity } from '../clients/client.entity.js';
import { DirectionEntity, HotelDirectionEntity } from '../directions/direction.entities.js';
import { CountryEntity } from '../countries/country.entity.js';
import { FileEntity, StoredFileEntity } from '../files/file.entity.js';
import { HotelEntity } from '../hotels/hotel.entity.js';
import { SeaTourEntity } from '../sea-tours/sea-tour.entity.js';
import { TourCalculatorEntity } from '../tour-calculators/tour-calculator.entity.js';
import * as hotelHandbooks from '../hotel-handbooks/hotel-handbook.entities.js';
import { LogEntity } from '../logs/log.entity.js';
import * as roomDictionaries from '../room-dictionaries/room-dictionary.entities.js';
import * as tourDictionaries from '../tour-dictionaries/tour-dictionary.entities.js';
import { TourServiceEntity } from '../tour-services/tour-service.entity.js';
import { TourListEntity } from '../tours/tour-list.entity.js';
import { TourRouteListEntity } from '../tour-routes/tour-route.entity.js';
import { TransportationEntity } from '../transportation/transportation.entity.js';
import { TransportListEntity } from '../transports/transport.entities.js';
import { ApplicationListEntity } from '../applications/list/application-list.entity.js';
import { AnalyticsRowEntity } from '../analytics/analytics.list.js';
import { UserEntity } from '../users/user.entity.js';
import { ImportEntity } from '../imports/import.entity.js';
import { SupplierMappingEntity } from '../imports/supplier-mapping.entity.js';
import { VendorEntity } from '../vendors/vendor.entity.js';

export const ENTITIES = [
  UserEntity,
  SessionEntity,
  LoginAttemptEntity,
  CountryEntity,
  CityEntity,
  DirectionEntity,
  HotelDirectionEntity,
  LogEntity,
  StoredFileEntity,
  FileEntity,
  VendorEntity,
  ImportEntity,
  SupplierMappingEntity,
  AgencyDocumentEntity,
  ClientEntity,
  AgencyEntity,
  AgencyUserEntity,
  HotelEntity,
  SeaTourEntity,
  TourCalculatorEntity,
  CatalogSectionEntity,
  ...Object.values(hotelHandbooks),
  ...Object.values(roomDictionaries),
  ...Object.values(tourDictionaries),
  TourServiceEntity,
  TransportationEntity,
  TransportListEntity,
  ApplicationListEntity,
  AnalyticsRowEntity,
  TourListEntity,
  TourRouteListEntity,
];
