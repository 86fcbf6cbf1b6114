import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AgenciesModule } from './agencies/agencies.module.js';
import { AgencyDocumentsModule } from './agency-documents/agency-documents.module.js';
import { AnalyticsAgencyReportModule } from './analytics/agency-report/analytics-agency-report.module.js';
import { ApplicationEditorDataModule } from './applications/editor-data/editor-data.module.js';
import { APPLICATION_PAYLOAD_ROUTES, ApplicationsModule } from './applications/applications.module.js';
import { ApplicationSeatsModule } from './applications/seats/application-seats.module.js';
import { ApplicationChatModule } from './applications/chat/application-chat.module.js';
import { ApplicationDocumentsModule } from './applications/documents/application-documents.module.js';
import { ApplicationListModule } from './applications/list/application-list.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { GeneratedDocumentsModule } from './applications/documents/generated-documents.module.js';
import { AuthController } from './auth/auth.controller.js';
import { LoginThrottleService } from './auth/login-throttle.service.js';
import { AuthGuard } from './common/auth/auth.guard.js';
import { SessionService } from './common/auth/session.service.js';
import { ClientsModule } from './clients/clients.module.js';
import { ApiExceptionFilter } from './common/http/api-exception.filter.js';
import { ReadableInputPipe } from './common/input/readable-input.pipe.js';
import { ListService } from './common/list/list.service.js';
import { StateChangingGetGuard } from './common/security/state-change.js';
import { createResourceController } from './common/resource/resource.controller.js';
import { ResourceService } from './common/resource/resource.service.js';
import { CountersController } from './counters/counters.controller.js';
import { SERVER_CONFIG, type ServerConfig } from './config.js';
import { SupplierDoor, useSupplierDoor } from './common/security/supplier-door.js';
import { DatabaseAvailability } from './database/database-availability.js';
import { ProbeConnection } from './database/probe-connection.js';
import { DirectionsModule } from './directions/directions.module.js';
import { FilesModule } from './files/files.module.js';
import { HealthController } from './health/health.controller.js';
import { HotelHandbooksModule } from './hotel-handbooks/hotel-handbooks.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { HOTEL_PAYLOAD_ROUTES, HotelsModule } from './hotels/hotels.module.js';
import { SEA_TOUR_PAYLOAD_ROUTES, SeaToursModule } from './sea-tours/sea-tours.module.js';
import { CATALOG_SECTION_PAYLOAD_ROUTES, CatalogSectionsModule } from './catalog-sections/catalog-sections.module.js';
import { LogFile } from './logs/log-file.js';
import { LogService } from './logs/log.service.js';
import { LogsModule } from './logs/logs.module.js';
import { MailModule } from './mail/mail.module.js';
import { OrganizationModule } from './organization/organization.module.js';
import { SERVER_RESOURCES } from './resources.js';
import { RoomDictionariesModule } from './room-dictionaries/room-dictionaries.module.js';
import { TourDictionariesModule } from './tour-dictionaries/tour-dictionaries.module.js';
import { TourServicesModule } from './tour-services/tour-services.module.js';
import { TOUR_PAYLOAD_ROUTES, ToursModule } from './tours/tours.module.js';
import { TOUR_CALCULATOR_BODY_ROUTES, TourCalculatorsModule } from './tour-calculators/tour-calculators.module.js';
import { TourRoutesModule } from './tour-routes/tour-routes.module.js';
import { TRANSPORT_PAYLOAD_ROUTES, TransportsModule } from './transports/transports.module.js';
import { UserRolesController } from './users/user-roles.controller.js';
import { UsersService } from './users/users.service.js';
import { ImportsModule } from './imports/imports.module.js';
import { VendorsModule } from './vendors/vendors.module.js';

/** The database's state (up, or down and recovering) and the log file used while it is down. */
export interface DatabaseRuntime {
  availability: DatabaseAvailability;
  logFile: LogFile;
  /** The connection outside the pool that /api/health asks (server/database/probe-connection.ts). */
  probe: ProbeConnection;
}

/** What every feature may inject: the database, the log, sessions, the generic resource service. */
@Global()
@Module({})
class CoreModule {
  static forRoot(dataSource: DataSource, config: ServerConfig, runtime: DatabaseRuntime): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: SERVER_CONFIG, useValue: config },
        { provide: DatabaseAvailability, useValue: runtime.availability },
        { provide: LogFile, useValue: runtime.logFile },
        { provide: ProbeConnection, useValue: runtime.probe },
        LogService,
        SessionService,
        ListService,
        ResourceService,
        { provide: SupplierDoor, useValue: useSupplierDoor(new SupplierDoor({ privateHosts: config.supplierPrivateHosts, resolve: config.supplierResolver })) },
      ],
      exports: [DataSource, SERVER_CONFIG, DatabaseAvailability, LogFile, ProbeConnection, LogService, SessionService, ListService, ResourceService, SupplierDoor],
    };
  }
}

/** Sign-in, session, health and the header counters. */
@Module({
  controllers: [HealthController, AuthController, CountersController, UserRolesController],
  providers: [LoginThrottleService, UsersService],
  exports: [UsersService],
})
class ShellModule {}

/**
 * Feature modules with routes of their own (uploads, `/vendors/data`, `/hotels/services/icons`, the
 * hotel editor, …). Routes are matched static segments first whatever the module (bootstrap.ts:
 * `routeResolutionStrategy: 'specificity'`); between routes of one shape these, listed before the
 * generic resource controllers, win (the multipart POST /agencies/files).
 */
export const FEATURE_MODULES: Type[] = [
  MailModule,
  JobsModule,
  ShellModule,
  FilesModule,
  HotelHandbooksModule,
  RoomDictionariesModule,
  TourDictionariesModule,
  DirectionsModule,
  VendorsModule,
  OrganizationModule,
  LogsModule,
  AgencyDocumentsModule,
  ClientsModule,
  AgenciesModule,
  TransportsModule,
  HotelsModule,
  // Before ToursModule (LATE_MODULES): /tours/services/… is this module's, never a tour's id.
  TourServicesModule,
  // Before ToursModule too: /tours/calculators/… is this module's.
  TourCalculatorsModule,
  TourRoutesModule,
  SeaToursModule,
  CatalogSectionsModule,
  ApplicationEditorDataModule,
  ApplicationSeatsModule,
  ApplicationChatModule,
  ApplicationsModule,
  ApplicationDocumentsModule,
  GeneratedDocumentsModule,
  ApplicationListModule,
  AnalyticsAgencyReportModule,
  AnalyticsModule,
  ImportsModule,
];

/**
 * Modules whose `/:id` routes share a path with generic resources (`/tours/:id` beside `/tours/types`):
 * registered after ResourcesModule, so the fixed paths are matched first.
 */
export const LATE_MODULES: Type[] = [ToursModule];

/** Routes under /api whose POST and PUT bodies are a big editor's `{payload}` (up to 5 MB); the calculators' are the form itself, as large. */
export const PAYLOAD_ROUTES = [...HOTEL_PAYLOAD_ROUTES, ...TRANSPORT_PAYLOAD_ROUTES, ...TOUR_PAYLOAD_ROUTES, ...SEA_TOUR_PAYLOAD_ROUTES, ...CATALOG_SECTION_PAYLOAD_ROUTES, ...APPLICATION_PAYLOAD_ROUTES, ...TOUR_CALCULATOR_BODY_ROUTES];

/** The controllers of every declared list resource (server/resources.ts), registered last. */
@Module({})
export class ResourcesModule {
  static register(): DynamicModule {
    return { module: ResourcesModule, controllers: SERVER_RESOURCES.map(createResourceController) };
  }
}

@Module({})
export class AppModule {
  static register(dataSource: DataSource, config: ServerConfig, runtime: DatabaseRuntime): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(dataSource, config, runtime), ...FEATURE_MODULES, ResourcesModule.register(), ...LATE_MODULES],
      providers: [
        // Guards run in this order: the CSRF proof of @ChangesState() GETs comes before the session.
        { provide: APP_GUARD, useClass: StateChangingGetGuard },
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: ReadableInputPipe },
      ],
    };
  }
}
