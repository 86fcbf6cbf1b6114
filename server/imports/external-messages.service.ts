import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { externalMessageSchema, type ExternalMessage, type ExternalMessages } from '../../shared/applications/external-messages.js';
import { MESSAGES } from '../../shared/messages.js';
import { notFound, parseInput, ValidationFailed } from '../common/http/errors.js';
import { SupplierConnectors, type ConnectedVendor } from './connectors/registry.js';
import { ImportsService } from './imports.service.js';

/**
 * The Comments tab of an application that came from an outside service (spec 03 §2.3; issue 31): the
 * booking is the application's `external_id` at the vendor `external_vendor_id`, and its messages are
 * the supplier's, read and sent live through the vendor's connector (nothing is stored here).
 */
@Injectable()
export class ExternalMessagesService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SupplierConnectors) private readonly connectors: SupplierConnectors,
    @Inject(ImportsService) private readonly imports: ImportsService,
  ) {}

  async list(applicationId: number): Promise<ExternalMessages> {
    const { booking, vendor } = await this.booking(applicationId);
    try {
      return await vendor.connector.messages(booking);
    } catch (error) {
      throw await this.imports.failed(error, vendor, 'text');
    }
  }

  async send(applicationId: number, body: unknown): Promise<{ data: ExternalMessage }> {
    const message = parseInput(externalMessageSchema, body);
    const { booking, vendor } = await this.booking(applicationId);
    try {
      return { data: await vendor.connector.sendMessage(booking, message) };
    } catch (error) {
      throw await this.imports.failed(error, vendor, 'text');
    }
  }

  /** The application's booking at its vendor: 404 for no application, 422 for one from no outside service. */
  private async booking(applicationId: number): Promise<{ booking: string; vendor: ConnectedVendor }> {
    const [application] = await this.db.query<{ external_id: string | null; external_vendor_id: number | null }[]>(
      'SELECT external_id, external_vendor_id FROM applications WHERE id = $1',
      [applicationId],
    );
    if (!application) throw notFound();
    if (!application.external_id || application.external_vendor_id === null) throw new ValidationFailed({ external_id: [MESSAGES.imports.notExternal] });
    return { booking: application.external_id, vendor: await this.connectors.forVendor(application.external_vendor_id, 'external_vendor_id') };
  }
}
