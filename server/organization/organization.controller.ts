import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ORGANIZATION_WRITE_ROLES } from '../../shared/resources/organization.js';
import { CurrentUser, Roles, type AuthUser } from '../common/auth/decorators.js';
import { OrganizationService } from './organization.service.js';

/** The organisation details (issue 28): read by every role, changed by the administrator. */
@Controller('organization')
export class OrganizationController {
  constructor(@Inject(OrganizationService) private readonly organization: OrganizationService) {}

  /** GET /api/organization → {data: {legal_name, inn, …, version}} */
  @Get()
  show() {
    return this.organization.show();
  }

  /** PUT /api/organization {fields…, version} → {data}: administrator only; 409 on a stale version, 422 under the fields. */
  @Put()
  @Roles(...ORGANIZATION_WRITE_ROLES)
  update(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    return this.organization.update(body, user);
  }
}
