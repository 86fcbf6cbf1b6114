/**
 * What most application tests stand on, made once per test file: a test app, the three roles signed
 * in, a hotel with a priced room and the requesters (a client, an agency with its employee).
 *
 *   beforeAll(async () => ({ app, admin, accountant, manager, hotel, people } = await startApplicationGround()));
 *   afterAll(() => app?.close());
 */
import { Role } from '../../shared/roles.js';
import { insertHotelGround, insertRequesters, type HotelGround, type RequesterGround } from './application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestAppOptions } from './test-app.js';

export interface ApplicationGround {
  app: TestApp;
  admin: ApiClient;
  accountant: ApiClient;
  manager: ApiClient;
  hotel: HotelGround;
  people: RequesterGround;
}

export async function startApplicationGround(options: TestAppOptions = {}): Promise<ApplicationGround> {
  const app = await startTestApp(options);
  const [admin, accountant, manager] = [(await app.signInAs(Role.Administrator)).client, (await app.signInAs(Role.Accountant)).client, (await app.signInAs(Role.Manager)).client];
  return { app, admin, accountant, manager, hotel: await insertHotelGround(app.db), people: await insertRequesters(app.db) };
}
