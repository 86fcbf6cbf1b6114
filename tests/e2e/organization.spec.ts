/**
 * «Реквизиты организации» (issue 28): the administrator fills the operator's details under
 * Справочники and saves them, a reload shows them; the manager sees them with every field locked and
 * no save. Screens at 1366×768 go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { ORGANIZATION_SAMPLE } from '../../server/test/organization-sample.js';
import { MESSAGES } from '../../shared/messages.js';
import { ORGANIZATION_LABELS } from '../../shared/resources/organization.js';
import { ensureAdmin, signInAsStaff, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const MANAGER = { surname: 'Реквизитов', name: 'Иван', email: 'manager.organization@example.com', password: 'manager-secret-1', role: 3 };
const DETAILS = ORGANIZATION_SAMPLE;
type Field = keyof typeof DETAILS;
const fields = Object.keys(DETAILS) as Field[];
const input = (page: Page, field: Field) => page.getByLabel(ORGANIZATION_LABELS[field], { exact: true });

async function openOrganization(page: Page, screenshot?: string) {
  await page.getByRole('button', { name: 'Справочники' }).click();
  if (screenshot) await page.screenshot({ path: `test-results/screens/${screenshot}` });
  await page.getByRole('menuitem', { name: 'Реквизиты организации' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByRole('heading', { name: 'Реквизиты организации' })).toBeVisible();
}

test('the administrator fills the organisation details and saves them; a reload shows them', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureAdmin(page);
  await openOrganization(page, 'organization-menu-1366.png');
  await expect(page.getByRole('region', { name: MESSAGES.organization.sections.bank })).toBeVisible();

  // The shared schema refuses a short INN under its field before anything is sent.
  await input(page, 'inn').fill('12345');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.organization.digitCount([10, 12]))).toBeVisible();

  for (const field of fields) await input(page, field).fill(DETAILS[field]);
  // Spaces between groups of digits are dropped on the server: the form then shows the digits as stored.
  await input(page, 'settlement_account').fill('40702 810 0 0000 0000001');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.organization.saved)).toBeVisible();
  await expect(input(page, 'settlement_account')).toHaveValue(DETAILS.settlement_account);
  await page.screenshot({ path: 'test-results/screens/organization-administrator-1366.png', fullPage: true });
  const [stored] = await sql<Record<Field, string>>(`SELECT ${fields.join(', ')} FROM organization`);
  expect(stored).toEqual(DETAILS);

  await page.reload();
  for (const field of fields) await expect(input(page, field)).toHaveValue(DETAILS[field]);
  // A second save of the same page carries the version the first one answered: no conflict.
  await input(page, 'phone').fill('+7 (978) 765-43-21');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText(MESSAGES.organization.saved).first()).toBeVisible();
  await expect.poll(async () => (await sql<{ phone: string }>('SELECT phone FROM organization'))[0]?.phone).toBe('+7 (978) 765-43-21');

  // A colleague saves while the page is open: the save is refused with the conflict dialog, and reload shows the colleague's details.
  await sql('UPDATE organization SET phone = $1', [DETAILS.phone]);
  await input(page, 'registry_number').fill('РТО 999999');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const conflict = page.getByRole('dialog', { name: MESSAGES.version.title });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: MESSAGES.version.reload }).click();
  await expect(conflict).toBeHidden();
  await expect(input(page, 'phone')).toHaveValue(DETAILS.phone);
  await expect(input(page, 'registry_number')).toHaveValue(DETAILS.registry_number);
  expect((await sql<{ registry_number: string }>('SELECT registry_number FROM organization'))[0]?.registry_number).toBe(DETAILS.registry_number);
});

test('the manager sees the details read-only, every field locked with the reason, and no save', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsStaff(page, MANAGER);
  await openOrganization(page);
  for (const field of fields) {
    await expect(input(page, field)).toHaveValue(DETAILS[field]);
    await expect(input(page, field)).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
  await expect(page.getByText(MESSAGES.organization.administratorOnly)).toBeVisible();
  await expect(page.locator(`[data-locked-reason="${MESSAGES.organization.administratorOnly}"]`).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/organization-manager-1366.png', fullPage: true });
});
