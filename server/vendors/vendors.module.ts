import { Module } from '@nestjs/common';
import { VendorsController } from './vendors.controller.js';
import { VendorsService } from './vendors.service.js';

/** `/vendors/data` and `/vendors/{id}/clean-payload`; list and CRUD come from the generic resource (server/resources.ts). */
@Module({
  controllers: [VendorsController],
  providers: [VendorsService],
})
export class VendorsModule {}
