/**
 * The role matrix (issue 8): every route the API serves × administrator, accountant, manager and
 * anonymous, generated from the route table (server/test/route-table.ts), so a new route joins by
 * itself. Who may call what is written below from spec 01 §6 — independently of the @Roles
 * decorators under test: a route no rule names is open to every staff role, as the spec's areas
 * "all three" are. Requests use ids that name no record, so nothing is changed on the way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { ACCESS, Role } from '../../../shared/roles.js';
import { toPayloadBody } from '../../../shared/editor.js';
import { hotelApplication } from '../../test/application-api.js';
import { insertHotelGround, insertRequesters } from '../../test/application-fixtures.js';
import { apiRoutes, type ApiRoute } from '../../test/route-table.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';

type Access = 'public' | readonly Role[];

/** Spec 01 §6 "Roles and permissions" (and issue 8 for logs), over API paths; the first matching rule decides. */
const RULES: { method?: string; path: RegExp; access: Access; why: string }[] = [
  { path: /^\/api\/(sanctum\/csrf-cookie|login|setup|health|boot)$/, access: 'public', why: 'sign-in, the first screen and the desktop shell' },
  { path: /^\/api\/users(\/|$)/, access: ACCESS.administratorOnly, why: '§6 users section: administrator only' },
  { path: /^\/api\/agencies\/files(\/|$)/, access: ACCESS.administratorAndManager, why: '§6 agency documents' },
  { method: 'GET', path: /^\/api\/(clients|agencies)\/export$/, access: ACCESS.administratorAndManager, why: '§6 export of clients and agencies' },
  { method: 'GET', path: /^\/api\/analytics\/date-report$/, access: ACCESS.everyone, why: 'spec 03 §6, issue 29: analytics and its date report, all three roles' },
  { method: 'GET', path: /^\/api\/agencies\/applications\/report$/, access: ACCESS.administratorAndAccountant, why: '§6 agency monthly report: roles 1 and 2' },
  { method: 'GET', path: /^\/api\/analytics(\/(totals|charts|data|export|users\/list))?$/, access: ACCESS.everyone, why: 'spec 03 §6, issue 29: analytics — its table, totals, charts, dictionaries, export and the managers’ picker — is all three roles’' },
  { method: 'GET', path: /^\/api\/analytics\/agency-report$/, access: ACCESS.everyone, why: 'spec 03 §6, issue 29: analytics, its agency report included, is all three roles’' },
  { path: /^\/api\/vendors\/:id\/clean-payload$/, access: ACCESS.administratorOnly, why: "§6 clear a vendor's external data" },
  { method: 'GET', path: /^\/api\/organization$/, access: ACCESS.everyone, why: 'issue 28: the organisation details every generated document names, read by every role' },
  { method: 'PUT', path: /^\/api\/organization$/, access: ACCESS.administratorOnly, why: 'issue 28: the organisation details, changed by the administrator only' },
  { method: 'DELETE', path: /^\/api\/logs\/:id$/, access: ACCESS.administratorOnly, why: 'issue 8: deleting logs' },
  { method: 'GET', path: /^\/api\/imports\/(restart|update-items)$/, access: ACCESS.administratorOnly, why: '§6 restart imports, update vendor data' },
  // Uploads belong to the roles that edit what they attach to. /photos and /images take an `entity`: a city's
  // (a handbook of all three) for everyone, the others' (bus, hotel, …) for the administrator and the manager —
  // per entity, in server/files/files.test.ts; a pending upload is deleted only by its uploader (there too).
  { method: 'POST', path: /^\/api\/(photos|images)$/, access: ACCESS.everyone, why: 'city photos and editor images: cities are all three’s' },
  { method: 'DELETE', path: /^\/api\/photos$/, access: ACCESS.everyone, why: 'the uploader of a pending photo, whatever the role' },
  { method: 'POST', path: /^\/api\/upload$/, access: ACCESS.administratorAndManager, why: 'photos of the hotels’ and tours’ photo lists' },
  { method: 'POST', path: /^\/api\/hotels\/files$/, access: ACCESS.administratorAndManager, why: '§6 hotels: the hotel editor’s files, photos and video' },
  // §6 administrator and manager: hotels, excursion tours, sea tours, bus schedule, catalogue sections, tour calculators, imports.
  // (The hotels' handbooks — /hotels/meals, /hotels/rooms/… — are open to all three.)
  // Spec 03 §6 offers the tours' handbooks and the catalogue's directions to the administrator and the manager; all three read them (issue 25).
  { method: 'GET', path: /^\/api\/(tours\/(types|excursion\/(categories|trade-offers))|directions)(\/|$)/, access: ACCESS.everyone, why: 'issue 25: the tour handbooks and directions, read by all three' },
  { path: /^\/api\/(tours\/(types|excursion\/(categories|trade-offers))|directions)(\/|$)/, access: ACCESS.administratorAndManager, why: 'spec 03 §6, issue 25: the tour handbooks and directions, changed by the administrator and the manager' },
  { method: 'PUT', path: /^\/api\/hotels\/rooms\/:id\/external-id\/clean$/, access: ACCESS.administratorOnly, why: "issue 11: clear a room's external id" },
  // The pickers of what grows without bound: applications, analytics and calculators name these (issue 17).
  { method: 'GET', path: /^\/api\/(tours|sea-tours|hotels|transports)\/list$/, access: ACCESS.everyone, why: 'issue 17: pickers read by all three roles' },
  // What the application editor reads of other records (issue 18): all three roles edit applications.
  { method: 'GET', path: /^\/api\/applications\/(data|products\/:kind\/:id|staff\/list|agency-users\/list)$/, access: ACCESS.everyone, why: 'issue 18: the application editor’s dictionaries, products and pickers' },
  { method: 'GET', path: /^\/api\/applications\/back-transports$/, access: ACCESS.everyone, why: 'issue 27: the buses that bring a bus tour back, for the «Обратно» leg all three edit' },
  { method: 'DELETE', path: /^\/api\/applications\/:id$/, access: ACCESS.administratorOnly, why: 'spec 03 §2.1, issue 19: only the administrator deletes an application' },
  { path: /^\/api\/applications(\/:id(\/calc-totals)?|\/calc-totals)?$/, access: ACCESS.everyone, why: 'issue 18, §6: all three roles read, create and edit applications and ask their totals' },
  { method: 'GET', path: /^\/api\/applications\/filters$/, access: ACCESS.everyone, why: 'issue 19, spec 03 §7: the order book’s filter dictionaries, for all three' },
  { method: 'PUT', path: /^\/api\/applications\/cancel\/:id$/, access: ACCESS.everyone, why: 'issue 19, spec 03 §2.1, §6: all three cancel an application' },
  { method: 'POST', path: /^\/api\/applications\/:id\/watched$/, access: ACCESS.everyone, why: 'issue 19: opening the edit page marks the application watched, whoever opens it' },
  { path: /^\/api\/((clients|agencies)\/chat(\/read-all)?|applications\/(send-message|chats\/unread-messages))$/, access: ACCESS.everyone, why: 'issue 19, spec 03 §6: the chat with requesters, the bulk message and the unread counts, for all three' },
  { method: 'GET', path: /^\/api\/(hotels|tours)\/:id\/services\/list$/, access: ACCESS.everyone, why: 'spec 03 §7: the services an application line may name' },
  { path: /^\/api\/hotels(\/:[a-z_]+(\/.*)?|\/(data|list|files|infrastructures\/list))?$/, access: ACCESS.administratorAndManager, why: '§6 hotels (the editor and its own calls)' },
  { method: 'GET', path: /^\/api\/tours\/services\/list$/, access: ACCESS.everyone, why: 'the tour services picker: tours, applications and analytics need it' },
  { path: /^\/api\/tours\/services(\/|$)/, access: ACCESS.administratorAndManager, why: '§6 tour services' },
  { path: /^\/api\/tours\/calculators(\/|$)/, access: ACCESS.administratorAndManager, why: 'spec 03 §6, issue 30: tour calculators — the list, the editor, its data and the Word offer' },
  { path: /^\/api\/tours(\/:[a-z_]+(\/.*)?|\/(data|files))?$/, access: ACCESS.administratorAndManager, why: '§6 excursion tours (the editor, its uploads and checklist)' },
  { path: /^\/api\/routes(\/:id|\/(transport-types|kinds)\/list)?$/, access: ACCESS.administratorAndManager, why: '§6 routes (the editor and its short lists)' },
  { method: 'GET', path: /^\/api\/transports\/schedules\/seats$/, access: ACCESS.everyone, why: '§6 dashboard: all three (spec 01 §2.15)' },
  { method: 'POST', path: /^\/api\/transports\/:id\/seats\/change$/, access: ACCESS.everyone, why: 'spec 03 §6, §7: the seat change of an application, which all three edit' },
  { method: 'GET', path: /^\/api\/transports\/:id\/seats\/taken$/, access: ACCESS.everyone, why: 'spec 03 §2.3: the seats the application editor’s seat dialog shows taken' },
  { path: /^\/api\/applications\/:id\/documents(\/save|\/:documentId)?$/, access: ACCESS.everyone, why: 'issue 28, spec 03 §6: an application’s documents — listed, uploaded and deleted by the roles that edit applications (all three)' },
  { method: 'GET', path: /^\/api\/applications\/:id\/history$/, access: ACCESS.everyone, why: 'issue 28: an application’s history, read by every role that reads the application' },
  { method: 'GET', path: /^\/api\/applications\/:id\/documents\/regenerate$/, access: ACCESS.administratorAndManager, why: 'spec 03 §6, issue 28: regenerating the missing documents, administrator and manager' },
  { method: 'GET', path: /^\/api\/applications\/:id\/seats$/, access: ACCESS.everyone, why: 'spec 03 §6: an application’s seats, read by all three' },
  { method: 'PUT', path: /^\/api\/applications\/:id\/transports\/:itemId\/routes$/, access: ACCESS.everyone, why: 'spec 03 §6, §7: the route change of an application, which all three edit' },
  // The bus schedule's ground: the vehicles and the bus tours whose dates it shows.
  { path: /^\/api\/(transportation|transports)(\/|$)/, access: ACCESS.administratorAndManager, why: '§6 bus schedule' },
  // A method's own @Roles overrides its controller's: the sea-tour picker is every role's, the rest of /sea-tours is not.
  { method: 'GET', path: /^\/api\/sea-tours\/list$/, access: ACCESS.everyone, why: 'spec 03 §7 product lists: applications and analytics name sea tours' },
  { method: 'GET', path: /^\/api\/front\/catalog-sections\/parent-list$/, access: ACCESS.administratorAndManager, why: '§6 catalogue sections: the parent select of their dialog' },
  { path: /^\/api\/external-services\/:applicationId\/messages$/, access: ACCESS.everyone, why: 'spec 03 §2.3, issue 31: an application’s external-service messages, for the roles that read applications (all three)' },
  { method: 'POST', path: /^\/api\/external-services\/:vendor_id\/search$/, access: ACCESS.administratorAndManager, why: 'issue 31: the imports form’s search, administrator and manager' },
  { path: /^\/api\/imports\/mappings(\/|$)/, access: ACCESS.administratorOnly, why: 'issue 31: the mapping list of the suppliers’ values is the administrator’s' },
  { path: /^\/api\/(sea-tours|transports\/schedules|catalog-sections|imports|external-services)(\/|$)/, access: ACCESS.administratorAndManager, why: '§6 administrator and manager areas' },
];

/**
 * Rules on what a request may change inside a route every staff role may call (spec 03 §6, issue 25):
 * `probe` makes the change as the persona on a record of its own and answers the status.
 */
const FIELD_RULES: { route: string; field: string; access: readonly Role[]; why: string; probe: (client: ApiClient) => Promise<number> }[] = [
  {
    route: 'PUT /api/applications/:id',
    field: 'payments',
    access: ACCESS.administratorAndAccountant,
    why: 'spec 03 §6: the Payments tab is the administrator’s and the accountant’s (vendor payments stay open)',
    probe: async (client) => {
      const [hotel, people] = [await insertHotelGround(app.db), await insertRequesters(app.db)];
      const administrator = personas.find((persona) => persona.role === Role.Administrator)!.client;
      // Under a payment method: a payment is added only under one (spec 03 §5).
      const created = await administrator.post('/api/applications', toPayloadBody(hotelApplication(hotel, people, { payment_method: 1 })));
      const record = created.body.data;
      const reply = await client.put(`/api/applications/${record.id}`, toPayloadBody({ ...record, payments: [{ sum: 1000, status: 2 }] }));
      return reply.status;
    },
  },
];

function expectedAccess(route: ApiRoute): Access {
  return RULES.find((rule) => (!rule.method || rule.method === route.method) && rule.path.test(route.path))?.access ?? ACCESS.everyone;
}

/** An id no record has, so an allowed call finds nothing to change. */
const NO_RECORD = '2147483000';
const concrete = (path: string) =>
  path
    .replace(/:id|:agency_id|:vendor_id|:applicationId/g, NO_RECORD)
    .replace(':switch', 'active')
    .replace('*path', 'photos/city/none.jpg');

let app: TestApp;
const personas: { name: string; role: Role | null; client: ApiClient }[] = [];

beforeAll(async () => {
  app = await startTestApp();
  for (const [name, role] of [
    ['administrator', Role.Administrator],
    ['accountant', Role.Accountant],
    ['manager', Role.Manager],
  ] as const) {
    personas.push({ name, role, client: (await app.signInAs(role)).client });
  }
  personas.push({ name: 'anonymous', role: null, client: app.client() });
});
afterAll(() => app?.close());

// Signing out ends the persona's session: it goes last.
const routes = apiRoutes().sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'));

describe('role matrix', () => {
  it('covers the routes of the spec', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const known of ['DELETE /api/logs/:id', 'PUT /api/vendors/:id/clean-payload', 'GET /api/clients/export', 'POST /api/agencies/files', 'GET /api/health', 'POST /api/logout']) {
      expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(known);
    }
  });

  // Before the routes: one of them signs the personas out.
  it.each(FIELD_RULES.map((rule) => [`${rule.route}: ${rule.field}`, rule] as const))('%s', async (_name, rule) => {
    expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(rule.route);
    for (const persona of personas.filter((item) => item.role !== null)) {
      const status = await rule.probe(persona.client);
      expect(status, `${persona.name} (${rule.why})`).toBe(rule.access.includes(persona.role!) ? 200 : 403);
    }
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_name, route) => {
    const access = expectedAccess(route);
    const path = concrete(route.path);
    const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
    // Every request carries the CSRF proof (GETs too, for the @ChangesState() ones): the matrix is about roles.
    const replies = await Promise.all(personas.map(async (persona) => ({ persona, reply: await persona.client.request(route.method, path, { body, proof: true }) })));
    for (const { persona, reply } of replies) {
      const what = `${persona.name}: ${route.method} ${path} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`;
      if (access === 'public') {
        expect(reply.status, what).not.toBe(401);
      } else if (persona.role === null) {
        expect(reply.status, what).toBe(401);
        expect(reply.body, what).toEqual({ message: MESSAGES.auth.unauthenticated });
      } else if (access.includes(persona.role)) {
        expect([401, 403], what).not.toContain(reply.status);
        expect(reply.status, what).toBeLessThan(500);
      } else {
        expect(reply.status, what).toBe(403);
        expect(reply.body, what).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
  });
});
