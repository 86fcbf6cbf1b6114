/** The monthly report's shared rules: the Moscow month, the years offered, the file name, the query's reading. */
import { describe, expect, it } from 'vitest';
import { agencyReportFileName, agencyReportQuerySchema, agencyReportYears, moscowMonth } from './agency-report.js';

describe('the agencies’ monthly report', () => {
  it('takes the month in Moscow: 21:00 UTC on the last day is already the next month there', () => {
    expect(moscowMonth(new Date('2025-03-31T20:59:59Z'))).toEqual({ year: 2025, month: 3 });
    expect(moscowMonth(new Date('2025-03-31T21:00:00Z'))).toEqual({ year: 2025, month: 4 });
    expect(moscowMonth(new Date('2025-12-31T21:00:00Z'))).toEqual({ year: 2026, month: 1 });
  });

  it('offers 2019 to this Moscow year, newest first', () => {
    expect(agencyReportYears(new Date('2021-12-31T21:30:00Z'))).toEqual([2022, 2021, 2020, 2019]);
  });

  it('names the file Отчет <agency> <MM.YYYY>.xlsx, without characters a file name cannot hold', () => {
    expect(agencyReportFileName('ООО «Крым Тур»', 2025, 3)).toBe('Отчет ООО «Крым Тур» 03.2025.xlsx');
    expect(agencyReportFileName('ООО "A/B":\tC', 2024, 11)).toBe('Отчет ООО A B C 11.2024.xlsx');
  });

  it('reads numbers sent as text and refuses a year past this one', () => {
    const schema = agencyReportQuerySchema(new Date('2025-06-01T12:00:00Z'));
    expect(schema.parse({ agency_id: '7', year: '2025', month: '12' })).toEqual({ agency_id: 7, year: 2025, month: 12 });
    expect(schema.safeParse({ agency_id: 7, year: 2026, month: 1 }).success).toBe(false);
  });
});
