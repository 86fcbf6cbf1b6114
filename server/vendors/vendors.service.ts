import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import type { VendorRow } from '../../shared/resources/vendors.js';
import type { AuthUser } from '../common/auth/decorators.js';
import { notFound } from '../common/http/errors.js';
import { actAs } from '../common/version.js';
import { LogService } from '../logs/log.service.js';
import { VendorEntity } from './vendor.entity.js';
import { vendorRow } from './vendors.resource.js';

@Injectable()
export class VendorsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(LogService) private readonly logs: LogService,
  ) {}

  /** Clears the vendor's external-service data, its session included; the change is noted in the logs. */
  async cleanPayload(id: number, user: AuthUser): Promise<{ message: string; data: VendorRow }> {
    const vendor = await this.db.transaction(async (manager) => {
      await actAs(manager, user.id);
      const repository = manager.getRepository(VendorEntity);
      const result = await repository.update({ id }, { payload: {} });
      if (!result.affected) throw notFound();
      return repository.findOneByOrFail({ id });
    });
    await this.logs
      .write('notice', 'vendors', `${MESSAGES.vendors.cleared}: ${vendor.name}`, '', { vendor_id: vendor.id, user_id: user.id })
      .catch(() => undefined);
    return { message: MESSAGES.vendors.cleared, data: vendorRow(vendor, user) };
  }
}
