import { expect, type Page } from '@playwright/test';

export const ADMIN = { surname: 'Петров', name: 'Алексей', email: 'admin@example.com', password: 'admin-secret-1' };

export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/applications$/);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Профиль' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** Calls the API as the signed-in browser does (cookie session + XSRF header), to set up data quickly. */
export async function apiPost(page: Page, path: string, body: unknown) {
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const response = await page.request.post(`/api${path}`, { data: body, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}
