import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { laneDataDir } from './lane.js';

export const ADMIN = { surname: 'Петров', name: 'Алексей', email: 'admin@example.com', password: 'admin-secret-1' };

/** The page a user lands on after signing in (spec 01 §2.1, app/landing.ts): the applications list. */
export const LANDING = /\/applications$/;

export async function signIn(page: Page, login: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(LANDING);
}

/** Fills the one-time "create the first administrator" form shown on /auth of a fresh database. */
export async function createFirstAdministrator(page: Page) {
  await expect(page.getByRole('heading', { name: 'Создание первого администратора' })).toBeVisible();
  await page.getByLabel('Фамилия').fill(ADMIN.surname);
  await page.getByLabel(/^Имя( \*)?$/).fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Пароль').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Создать администратора' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * Signs in as ADMIN on the run's shared server, creating ADMIN through the one-time setup form when
 * no user exists yet (a spec file must not depend on another file having run first).
 */
export async function ensureAdmin(page: Page) {
  const setup = await page.request.get('/api/setup');
  if (((await setup.json()) as { required: boolean }).required) {
    await page.goto('/auth');
    await createFirstAdministrator(page);
  } else {
    await signIn(page, ADMIN.email, ADMIN.password);
  }
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Профиль' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** A staff user of a spec file: its own e-mail, so files never share one; `role` 2 accountant, 3 manager. */
export interface StaffUser {
  surname: string;
  name: string;
  email: string;
  password: string;
  role: number;
}

/** The staff user's id, made through the administrator's API the first time (the administrator signed in). */
export async function ensureStaff(page: Page, user: StaffUser): Promise<number> {
  const find = async () => (await sql<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [user.email]))[0]?.id;
  const existing = await find();
  if (existing !== undefined) return existing;
  await apiPost(page, '/users', { ...user, is_active: true });
  return (await find())!;
}

/** Signs in as the staff user (made first when missing); its id. */
export async function signInAsStaff(page: Page, user: StaffUser): Promise<number> {
  await ensureAdmin(page);
  const id = await ensureStaff(page, user);
  await signOut(page);
  await signIn(page, user.email, user.password);
  return id;
}

/** Calls the API as the signed-in browser does (cookie session + XSRF header), to set up data quickly. */
export async function apiPost(page: Page, path: string, body: unknown) {
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const response = await page.request.post(`/api${path}`, { data: body, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/**
 * SQL on this lane's embedded database (tests/e2e/lane.ts), for arranging what no API sets, e.g. an
 * external service's session id.
 */
export async function sql<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
  const dataDir = laneDataDir();
  const credentials = JSON.parse(readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8')) as { user: string; password: string };
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  const client = new pg.Client({ connectionString: `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/backoffice` });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** The header badge of a counter (`badge-clients`, `badge-agencies`): absent at 0. */
export async function expectBadge(page: Page, counter: 'clients' | 'agencies', count: number) {
  const badge = page.getByTestId(`badge-${counter}`);
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(count));
}

/** Clicks the list's Экспорт button, checks the download's name and opens its first sheet with exceljs. */
export async function downloadExport(page: Page, fileName: string): Promise<ExcelJS.Worksheet> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспорт' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  return workbook.worksheets[0]!;
}

/** Ends this browser's session as the server's idle timeout would: every request after it is a 401. */
export async function expireSession(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'backoffice_session')?.value;
  expect(token, 'a session cookie').toBeTruthy();
  const hash = createHash('sha256').update(decodeURIComponent(token!)).digest('hex');
  const expired = await sql(`UPDATE sessions SET last_seen_at = now() - interval '400 days' WHERE token_hash = $1 RETURNING user_id`, [hash]);
  expect(expired).toHaveLength(1);
}
