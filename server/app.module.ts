import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AuthController } from './auth/auth.controller.js';
import { LoginThrottleService } from './auth/login-throttle.service.js';
import { AuthGuard } from './common/auth/auth.guard.js';
import { SessionService } from './common/auth/session.service.js';
import { ApiExceptionFilter } from './common/http/api-exception.filter.js';
import { createResourceController } from './common/resource/resource.controller.js';
import { ResourceService } from './common/resource/resource.service.js';
import { CountersController } from './counters/counters.controller.js';
import { HealthController } from './health/health.controller.js';
import { LogService } from './logs/log.service.js';
import { SERVER_RESOURCES } from './resources.js';
import { UserRolesController } from './users/user-roles.controller.js';
import { UsersService } from './users/users.service.js';

/** What every feature may inject: the database, the log, sessions. */
@Global()
@Module({})
class CoreModule {
  static forRoot(dataSource: DataSource): DynamicModule {
    return {
      module: CoreModule,
      providers: [{ provide: DataSource, useValue: dataSource }, LogService, SessionService],
      exports: [DataSource, LogService, SessionService],
    };
  }
}

@Module({})
export class AppModule {
  static register(dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(dataSource)],
      controllers: [
        HealthController,
        AuthController,
        CountersController,
        UserRolesController,
        ...SERVER_RESOURCES.map(createResourceController),
      ],
      providers: [
        LoginThrottleService,
        UsersService,
        ResourceService,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
