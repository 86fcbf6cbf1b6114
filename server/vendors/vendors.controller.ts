import { Controller, Get, Inject, Param, Put } from '@nestjs/common';
import { PAYMENT_METHODS, type VendorData } from '../../shared/resources/vendors.js';
import { ACCESS } from '../../shared/roles.js';
import { CurrentUser, Roles, type AuthUser } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { VendorsService } from './vendors.service.js';

/** The vendor routes beyond the generic resource (spec 01 §7 "Vendors"). */
@Controller('vendors')
export class VendorsController {
  constructor(@Inject(VendorsService) private readonly vendors: VendorsService) {}

  /** GET /api/vendors/data → {payment_methods: [{type, title}]} */
  @Get('data')
  data(): VendorData {
    return { payment_methods: PAYMENT_METHODS.map(({ type, title }) => ({ type, title })) };
  }

  /** PUT /api/vendors/{id}/clean-payload → {message, data}: administrator only (spec 01 §6). */
  @Put(':id/clean-payload')
  @Roles(...ACCESS.administratorOnly)
  cleanPayload(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser) {
    return this.vendors.cleanPayload(id, user);
  }
}
