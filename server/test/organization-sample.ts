/** Filled organisation details (every field valid), for the server's and the browser's tests of «Реквизиты организации». */
import type { Organization } from '../../shared/resources/organization.js';

export const ORGANIZATION_SAMPLE = {
  legal_name: 'ООО «Северное сияние»',
  inn: '9102012345',
  ogrn: '1149102012345',
  address: '295000, Республика Крым, г. Симферополь, ул. Ленина, д. 1',
  registry_number: 'РТО 012345',
  financial_guarantee: 'Договор страхования № 12-345 от 01.02.2026, СПАО «Надёжное», 500 000 ₽',
  bank_name: 'РНКБ Банк (ПАО)',
  bik: '043510607',
  settlement_account: '40702810000000000001',
  correspondent_account: '30101810335100000607',
  phone: '+7 (978) 123-45-67',
  email: 'office@siyanie.test',
} satisfies Organization;
