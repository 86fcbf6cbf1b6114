import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { CLIENTS_EXPORT_FILE, formatPhone } from '../../shared/resources/clients.js';
import { rowsInBatches, streamXlsx, xlsxYesNo, type XlsxColumn } from '../exports/xlsx.js';

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
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

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
