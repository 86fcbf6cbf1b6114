/** Steps of the application editor that several browser tests take (the pickers, the tourists' dialog). */
import { expect, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';

/** Chooses in a server-searched picker: opens it, types, clicks the match. */
export async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('combobox', { name: MESSAGES.list.searchPlaceholder, expanded: true }).fill(text);
  await page.getByTestId(`${testId}-menu`).getByRole('option', { name: new RegExp(text) }).first().click();
  await expect(page.getByTestId(testId)).toContainText(text);
}

/** Opens «Добавить туриста» and fills the tourist in; answers the dialog (not saved yet). */
export async function addTourist(page: Page, tourist: { last: string; first: string; birthday: string; document: string }) {
  await page.getByRole('button', { name: 'Добавить туриста' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавление туриста' });
  await dialog.getByLabel('Фамилия *').fill(tourist.last);
  await dialog.getByLabel('Имя *').fill(tourist.first);
  await dialog.getByLabel('Дата рождения').fill(tourist.birthday);
  await dialog.getByLabel('Номер документа *').fill(tourist.document);
  return dialog;
}

