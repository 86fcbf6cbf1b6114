/**
 * Rich text is sanitized on write (issue 8 "Stored content"): what the editor writes passes, what
 * an attacker writes (`<script>`, `onerror=`, `<iframe>`, `javascript:` links) never reaches a row,
 * on every rich-text field of any schema, and the migration cleans what was stored before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredContent1764300000000 } from '../../../migrations/1764300000000-StoredContent.js';
import { Role } from '../../../shared/roles.js';
import { citiesResource } from '../../../shared/resources/cities.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';
import { rerunMigration } from '../../test/migration-rerun.js';
import { parseInput } from '../http/errors.js';
import { sanitizeRichText } from './rich-text.js';

/** HTML as the TipTap editor of RichTextEditor.tsx writes it (StarterKit, Link, TableKit, Image). */
const EDITOR_HTML = [
  '<h1>Сочи</h1><h4>Подзаголовок</h4>',
  '<p>Курорт на <strong>Чёрном</strong> море, <em>круглый год</em>, <s>дёшево</s>, <u>важно</u>, <code>код</code>.</p>',
  '<ul><li><p>пляжи</p></li></ul><ol start="3"><li><p>горы</p></li></ol>',
  '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://sochi.example/page">сайт</a>, <a href="/cities">города</a>, ',
  '<a href="mailto:info@sochi.example">почта</a>, <a href="tel:+78620000000">телефон</a></p>',
  '<blockquote><p>цитата</p></blockquote><hr />',
  '<table style="min-width:75px"><colgroup><col style="min-width:25px" /><col style="width:120px" /></colgroup><tbody>',
  '<tr><th colspan="1" rowspan="1"><p>Месяц</p></th><th colspan="2" rowspan="1" colwidth="120"><p>Цена</p></th></tr>',
  '<tr><td colspan="1" rowspan="1"><p>Июль</p></td><td colspan="1" rowspan="1"><p>5000</p></td></tr></tbody></table>',
  '<img src="/api/storage/images/city/0b7e2a5c-1c1e-4a8e-9f00-1234567890ab.png" alt="схема" />',
  '<p>строка<br />перенос</p><pre><code class="language-js">x = 1</code></pre>',
].join('');

/** What an attacker sends, and what may be left of it. */
const ATTACKS: [string, string][] = [
  ['<p>Привет<script>alert(document.cookie)</script></p>', '<p>Привет</p>'],
  ['<img src="/api/storage/images/city/a.png" onerror="alert(1)" />', '<img src="/api/storage/images/city/a.png" />'],
  ['<p><iframe src="https://evil.example/">текст</iframe>после</p>', '<p>после</p>'],
  ['<a href="javascript:alert(1)">ссылка</a>', '<a>ссылка</a>'],
  ['<a href="JaVaScRiPt&#58;alert(1)">ссылка</a>', '<a>ссылка</a>'],
  ['<a href="//evil.example/">ссылка</a>', '<a>ссылка</a>'],
  ['<a href="https://x.example/" target="_self" rel="opener">x</a>', '<a href="https://x.example/" target="_blank" rel="noopener noreferrer nofollow">x</a>'],
  ['<img src="data:image/png;base64,AAAA" />', ''],
  ['<p style="background:url(javascript:alert(1))" onclick="x()" class="evil">текст</p>', '<p>текст</p>'],
  ['<svg><script>alert(1)</script></svg><math><mi>x</mi></math><style>p{}</style><object data="x"></object>', ''],
  ['<table style="position:fixed;min-width:10px"><tbody><tr><td style="color:red">1</td></tr></tbody></table>', '<table style="min-width:10px"><tbody><tr><td>1</td></tr></tbody></table>'],
  ['<form action="/api/logout"><input name="a" /><button>ok</button></form>', 'ok'],
  ['<p>a &lt;script&gt; b</p>', '<p>a &lt;script&gt; b</p>'],
  // Control characters written as entities (raw ones are refused before the schema): XML 1.0 cannot hold them.
  ['<p title="x">a&#7;b&#x0B;c&#27;d</p><img src="/api/storage/images/city/a.png" alt="&#8;схема" />', '<p>abcd</p><img src="/api/storage/images/city/a.png" alt="схема" />'],
];

describe('sanitizeRichText', () => {
  it('keeps what the editor writes, unchanged', () => {
    expect(sanitizeRichText(EDITOR_HTML)).toBe(EDITOR_HTML);
  });

  it.each(ATTACKS)('removes what the editor never writes: %s', (dirty, clean) => {
    expect(sanitizeRichText(dirty)).toBe(clean);
    expect(sanitizeRichText(sanitizeRichText(dirty))).toBe(clean);
  });

  it('is applied by the shared schemas through parseInput, in nested rows too', () => {
    const parsed = parseInput(citiesResource.createSchema, {
      name: 'Сочи',
      country_id: 1,
      slug: 'sochi',
      seo_settings: {
        hotel: {
          description: '<p>a<script>1</script></p>',
          bottom_block: { title: null, text: '<p onmouseover="x()">b</p>' },
          faq: [{ id: 1, question: 'Вопрос', answer: '<p><a href="javascript:1">c</a></p>' }],
        },
        bus_tickets: { advantages: [{ id: 2, title: 'Плюс', text: '<p>d<iframe></iframe></p>' }] },
      },
    });
    expect(parsed.seo_settings.hotel.description).toBe('<p>a</p>');
    expect(parsed.seo_settings.hotel.bottom_block.text).toBe('<p>b</p>');
    expect(parsed.seo_settings.hotel.faq[0]!.answer).toBe('<p><a>c</a></p>');
    expect(parsed.seo_settings.bus_tickets.advantages[0]!.text).toBe('<p>d</p>');
  });
});

describe('stored rich text', () => {
  let app: TestApp;
  let manager: ApiClient;
  let countryId: number;
  beforeAll(async () => {
    app = await startTestApp();
    ({ client: manager } = await app.signInAs(Role.Manager));
    countryId = (await manager.post('/api/countries', { name: 'Россия' })).body.data.id as number;
  });
  afterAll(() => app?.close());

  const seo = (html: string) => ({
    hotel: { description: html, bottom_block: { title: 'Низ', text: html }, faq: [{ id: 1, question: 'Вопрос', answer: html }] },
    bus_tickets: { description: html, advantages: [{ id: 2, title: 'Плюс', text: html }] },
  });
  const storedSeo = async (id: number) =>
    JSON.stringify((await app.db.query<{ seo_settings: unknown }>('SELECT seo_settings FROM cities WHERE id = $1', [id]))[0]!.seo_settings);

  it('a city saved with scripts, handlers, frames and javascript: links keeps none of them, on create and on update', async () => {
    const dirty = '<p>Текст<script>alert(1)</script><img src="/api/storage/images/city/a.png" onerror="alert(2)" /><iframe src="https://evil.example/"></iframe><a href="javascript:alert(3)">ссылка</a></p>';
    const created = await manager.post('/api/cities', { name: 'Сочи', country_id: countryId, slug: 'sochi', seo_settings: seo(dirty) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const clean = '<p>Текст<img src="/api/storage/images/city/a.png" /><a>ссылка</a></p>';
    expect(created.body.data.seo_settings.hotel.description).toBe(clean);
    for (const text of [await storedSeo(id), JSON.stringify((await manager.get(`/api/cities/${id}`)).body)]) {
      expect(text).not.toMatch(/<script|onerror|<iframe|javascript:/i);
      expect(text.split(JSON.stringify(clean).slice(1, -1)).length - 1).toBe(5);
    }

    const updated = await manager.put(`/api/cities/${id}`, { seo_settings: seo('<p onclick="steal()">Новый<svg onload="x()"></svg></p>') });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.seo_settings.bus_tickets.advantages[0].text).toBe('<p>Новый</p>');
    expect(await storedSeo(id)).not.toMatch(/onclick|svg|onload/);
  });

  it('what the editor writes is stored as written', async () => {
    const created = await manager.post('/api/cities', { name: 'Адлер', country_id: countryId, slug: 'adler', seo_settings: seo(EDITOR_HTML) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.seo_settings.hotel.faq[0].answer).toBe(EDITOR_HTML);
  });
});

describe('migration 1764300000000-StoredContent', () => {
  it('cleans the rich text stored before it', async () => {
    await rerunMigration(
      new StoredContent1764300000000(),
      async (db) => {
        const [country] = await db.query<{ id: number }>(`INSERT INTO countries (name) VALUES ('Россия') RETURNING id`);
        const dirty = '<p>Текст<script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">ссылка</a></p>';
        const seoSettings = {
          hotel: { meta: { h1: 'H1', title: null, description: null }, description: dirty, bottom_block: { title: null, text: dirty }, faq: [{ id: 1, question: 'В', answer: dirty }] },
          bus_tickets: { description: null, advantages: [{ id: 2, title: 'П', text: dirty }, 'not an item'] },
        };
        const [city] = await db.query<{ id: number }>(`INSERT INTO cities (name, country_id, slug, seo_settings) VALUES ('Сочи', $1, 'sochi', $2) RETURNING id`, [
          country!.id,
          seoSettings,
        ]);
        return { seoSettings, city };
      },
      async (db, { city }) => {
        const [stored] = await db.query<{ seo_settings: Record<string, unknown> }>('SELECT seo_settings FROM cities WHERE id = $1', [city!.id]);
        const clean = '<p>Текст<a>ссылка</a></p>';
        expect(stored!.seo_settings).toEqual({
          hotel: { meta: { h1: 'H1', title: null, description: null }, description: clean, bottom_block: { title: null, text: clean }, faq: [{ id: 1, question: 'В', answer: clean }] },
          bus_tickets: { description: null, advantages: [{ id: 2, title: 'П', text: clean }, 'not an item'] },
        });
      },
    );
  });
});
