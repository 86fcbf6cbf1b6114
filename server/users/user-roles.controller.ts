import { Controller, Get } from '@nestjs/common';
import type { IdName } from '../../shared/api.js';
import { ACCESS, ALL_ROLES, ROLE_NAMES } from '../../shared/roles.js';
import { Roles } from '../common/auth/decorators.js';

@Controller('users/roles')
@Roles(...ACCESS.administratorOnly)
export class UserRolesController {
  /** GET /api/users/roles/list */
  @Get('list')
  list(): { data: IdName[] } {
    return { data: ALL_ROLES.map((id) => ({ id, name: ROLE_NAMES[id] })) };
  }
}
