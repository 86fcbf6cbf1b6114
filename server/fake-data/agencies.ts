/**
 * Partner agencies with their employees: company names, INNs, addresses, contacts and commissions
 * from the Russian locale, row by row in JavaScript (there are hundreds, not millions), sent as one
 * INSERT … SELECT FROM unnest(arrays) per table.
 */
import { CommissionType } from '../../shared/commission.js';
import { AgencyStatus } from '../../shared/resources/agencies.js';
import type { FakeDataKind } from './kind.js';
import { latin } from './vocabulary.js';

const digits = (faker: Parameters<FakeDataKind['fill']>[0]['faker'], length: number) => faker.string.numeric({ length, allowLeadingZeros: false });
const mobile = (faker: Parameters<FakeDataKind['fill']>[0]['faker']) => `+79${digits(faker, 9)}`;

export const agenciesKind: FakeDataKind = {
  name: 'agencies',
  table: 'agencies',
  async fill({ sql, faker }, count) {
    const [{ max }] = (await sql.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM agencies')).rows as [{ max: number }];
    const columns = {
      legal_name: [] as string[],
      brand: [] as (string | null)[],
      inn: [] as string[],
      legal_address: [] as string[],
      actual_address: [] as string[],
      company_email: [] as string[],
      company_phone: [] as string[],
      contact_name: [] as string[],
      contact_phone: [] as string[],
      contact_email: [] as string[],
      contract_number: [] as (string | null)[],
      login: [] as string[],
      commission_type: [] as number[],
      commission_sum: [] as number[],
      status: [] as number[],
      is_active: [] as boolean[],
      has_search_module: [] as boolean[],
      search_module_url: [] as (string | null)[],
      is_new: [] as boolean[],
      created_at: [] as string[],
    };
    for (let index = 1; index <= count; index++) {
      const number = max + index;
      const brand = faker.company.name().replace(/^\S+\s+/, '');
      const city = faker.location.city();
      const slug = latin(brand).slice(0, 20) || `agency${number}`;
      const percent = faker.number.int(100) < 70;
      const status = faker.helpers.weightedArrayElement([
        { weight: 2, value: AgencyStatus.Review },
        { weight: 3, value: AgencyStatus.Verified },
        { weight: 5, value: AgencyStatus.ContractSigned },
      ]);
      const searchModule = faker.number.int(100) < 20;
      columns.legal_name.push(`${faker.helpers.arrayElement(['ООО', 'ИП', 'АО'])} «${brand}»`);
      columns.brand.push(faker.number.int(100) < 60 ? brand : null);
      columns.inn.push(digits(faker, 10));
      columns.legal_address.push(`г. ${city}, ${faker.location.streetAddress()}`);
      columns.actual_address.push(`г. ${city}, ${faker.location.streetAddress()}`);
      columns.company_email.push(`info@${slug}.ru`);
      columns.company_phone.push(`+7 (${digits(faker, 3)}) ${digits(faker, 3)}-${digits(faker, 2)}-${digits(faker, 2)}`);
      columns.contact_name.push(faker.person.fullName());
      columns.contact_phone.push(mobile(faker));
      columns.contact_email.push(`manager${number}@${slug}.ru`);
      columns.contract_number.push(status === AgencyStatus.ContractSigned ? `Д-${number}/${faker.number.int({ min: 2019, max: 2025 })}` : null);
      columns.login.push(`agency${number}`);
      columns.commission_type.push(percent ? CommissionType.Percent : CommissionType.Fixed);
      columns.commission_sum.push(percent ? faker.number.int({ min: 5, max: 15 }) : faker.number.int({ min: 5, max: 50 }) * 100);
      columns.status.push(status);
      columns.is_active.push(faker.number.int(100) < 92);
      columns.has_search_module.push(searchModule);
      columns.search_module_url.push(searchModule ? `https://${slug}.ru/search` : null);
      columns.is_new.push(index > count - Math.max(1, Math.round(count / 50)));
      columns.created_at.push(faker.date.past({ years: 4 }).toISOString());
    }
    const names = Object.keys(columns);
    const types: Record<string, string> = { commission_type: 'smallint', commission_sum: 'integer', status: 'smallint', is_active: 'boolean', has_search_module: 'boolean', is_new: 'boolean', created_at: 'timestamptz' };
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO agencies (${names.join(', ')})
       SELECT * FROM unnest(${names.map((name, index) => `$${index + 1}::${types[name] ?? 'text'}[]`).join(', ')}) RETURNING id`,
      Object.values(columns),
    );

    // Employees: none to eight per agency.
    const employees = { agency_id: [] as number[], full_name: [] as string[], phone: [] as (string | null)[], email: [] as (string | null)[] };
    for (const { id } of rows) {
      for (let index = faker.number.int(8); index > 0; index--) {
        const sex = faker.person.sexType();
        const surname = faker.person.lastName(sex);
        const name = faker.person.firstName(sex);
        employees.agency_id.push(id);
        employees.full_name.push(`${surname} ${name} ${faker.person.middleName(sex)}`);
        employees.phone.push(faker.number.int(100) < 80 ? mobile(faker) : null);
        employees.email.push(faker.number.int(100) < 80 ? `${latin(name)}.${latin(surname)}.${id}.${index}@${faker.helpers.arrayElement(['mail.ru', 'yandex.ru'])}` : null);
      }
    }
    await sql.query(
      `INSERT INTO agency_users (agency_id, full_name, phone, email) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
      Object.values(employees),
    );
  },
};
