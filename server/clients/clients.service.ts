import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { CLIENTS_EXPORT_FILE, formatPhone, type ResendReply } from '../../shared/resources/clients.js';
import { notFound } from '../common/http/errors.js';
import { rowsInBatches, streamXlsx, xlsxYesNo, type XlsxColumn } from '../exports/xlsx.js';
import { MailService } from '../mail/mail.service.js';

/** Columns of clients.xlsx: the list's visible columns with Russian headers, plus the creation date. */
export const CLIENT_EXPORT_COLUMNS = [
  { header: 'ID', key: 'id', width: 10, type: 'number', format: '0' },
  { header: 'ФИО', key: 'full_name', width: 40 },
  { header: 'Телефон', key: 'phone', width: 20 },
  { header: 'Email', key: 'email', width: 30 },
  { header: 'Активен', key: 'is_active', width: 10 },
  { header: 'Дата создания', key: 'created_at', width: 16, type: 'date' },
] satisfies XlsxColumn[];

interface ExportRow {
  id: number;
  full_name: string;
  phone: string;
  email: string | null;
  is_active: boolean;
  created_at: Date;
}

@Injectable()
export class ClientsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
  ) {}

  /**
   * POST /api/clients/{id}/resend: mails the cabinet login (the e-mail) and password. Refused with
   * 422 and the spec's text when the e-mail or password is missing (spec 01 §4, §8).
   */
  async resend(id: number): Promise<ResendReply> {
    const [client] = await this.db.query<{ full_name: string; email: string | null; password_encrypted: string | null }[]>(
      'SELECT full_name, email, password_encrypted FROM clients WHERE id = $1',
      [id],
    );
    if (!client) throw notFound();
    if (!client.email || !client.password_encrypted) {
      throw new HttpException({ message: MESSAGES.clients.resendRefused, errors: {} }, HttpStatus.UNPROCESSABLE_ENTITY);
    }
    const { sent } = await this.mail.sendCabinetAccess({
      to: client.email,
      holder: client.full_name,
      login: client.email,
      encryptedPassword: client.password_encrypted,
      subject: MESSAGES.clients.mailSubject,
      source: 'clients',
      meta: { client_id: id },
    });
    return { message: MESSAGES.clients.resent, sent };
  }

  /** GET /api/clients/export: clients.xlsx streamed in batches of 2 000 rows by id. */
  async export(response: Response): Promise<void> {
    const rows = rowsInBatches((afterId, limit) =>
      this.db.query<ExportRow[]>(
        `SELECT id, full_name, phone, email, is_active, created_at FROM clients WHERE id > $1 ORDER BY id LIMIT $2`,
        [afterId, limit],
      ),
    );
    await streamXlsx(response, {
      fileName: CLIENTS_EXPORT_FILE,
      sheetName: 'Клиенты',
      columns: CLIENT_EXPORT_COLUMNS,
      rows: mapRows(rows),
    });
  }
}

async function* mapRows(rows: AsyncIterable<ExportRow>): AsyncGenerator<Record<string, unknown>> {
  for await (const row of rows) {
    yield {
      id: row.id,
      full_name: row.full_name,
      phone: formatPhone(row.phone),
      email: row.email ?? '',
      is_active: xlsxYesNo(row.is_active),
      created_at: row.created_at,
    };
  }
}
