/**
 * A walk through every screen of the app, as a new user would take it on a 1366×768 office screen:
 * every route of shared/routes.ts (the screen registry decides what each shows, so a screen joins the
 * walk by being registered), the header's menus, and on each page every dialog a button says it opens
 * (`aria-haspopup="dialog"`: add, edit, view, delete, confirmations), with the selects and calendars
 * inside those dialogs. Three kinds of findings are collected on the way:
 * - `latin`: visible text or an accessible name (aria-label, title, placeholder, alt) made of Latin
 *   words outside the allow-list (e-mails, URLs, file names, codes such as SEO or ID);
 * - `console`: errors and warnings in the browser console, and uncaught page errors;
 * - `layout`: a table column, table cell or header control covered by another element (or cut off),
 *   a row taller than one line, a table or page wider than the window, a dialog or popover past it
 *   (a table that scrolls sideways inside its card by design, `data-scrolls-sideways`, is checked cell
 *   by cell scrolled into view);
 * - `codes` and `numbers` (every table of every page, editor tab and dialog): a reference shown as
 *   `#<digits>`, a sum or a count outside the shared formats (see `formatProblems`).
 * Data nobody translates (a log's JSON, a hostname) is marked `translate="no"` and skipped.
 */
import type { ConsoleMessage, Locator, Page } from '@playwright/test';
import { ROUTES } from '../../shared/routes.js';

// The checks in page.evaluate run in the browser; this file is type-checked with the Node libraries
// (no DOM), so the browser's globals are declared here, for this module only.
declare const document: any;
declare const window: any;
declare const NodeFilter: any;
type Element = any;
type HTMLElement = any;

export interface Findings {
  latin: string[];
  console: string[];
  layout: string[];
  /** `codes`: a table cell showing a reference as `#<digits>` instead of its name (docs/adding-an-editor.md). */
  codes: string[];
  /** `numbers`: a sum or a count not in the shared format (shared/format.ts: `64 400,00 ₽`, `10 243`). */
  numbers: string[];
  /** Where the walk went (pages and dialogs), to show it covered the app. */
  visited: string[];
}

/** Latin words that are fine in a Russian interface: codes, formats and names people use as they are. */
const ALLOWED_WORDS = new Set(
  [
    // 'mail' of «e-mail», as the applications' search box names what it searches.
    'Email', 'mail', 'ID', 'SEO', 'URL', 'JSON', 'HTML', 'INN', 'PDF', 'Wi', 'Fi', 'SPA', 'VK', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE',
    // The mobile application's platforms (spec 03 §2.1), named as their makers name them.
    'Android', 'IOS',
    // The spreadsheet program the exports are made for (spec 03 §2.12: «Экспорт в Excel»), named as its maker names it.
    'Excel',
    'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt', 'rtf', 'odt', 'jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg', 'avi', 'mov', 'mp4', 'ogg', 'webm', 'zip',
  ].map((word) => word.toLowerCase()),
);

/** A chunk of text that is an address or a file, not words: e-mails, URLs, domains, paths, file names. */
const isAddress = (chunk: string) =>
  /\S@\S/.test(chunk) || /^[a-z][a-z0-9+.-]*:\/\//i.test(chunk) || /^(www\.|\/)/i.test(chunk) || /[\w-]\.[a-z]{2,}(\/|$|[?#:])/i.test(chunk) || /\.[a-z0-9]{2,5}$/i.test(chunk);

/** The Latin words of a text that are not allowed. */
export function latinWords(text: string): string[] {
  const words: string[] = [];
  for (const chunk of text.split(/[\s«»"“”„()[\]{},;]+/)) {
    if (!chunk || isAddress(chunk.replace(/[.:!?]+$/, ''))) continue;
    for (const word of chunk.match(/[A-Za-z]{2,}/g) ?? []) if (!ALLOWED_WORDS.has(word.toLowerCase())) words.push(word);
  }
  return words;
}

/** Visible texts and accessible names on the page (or in `root`), outside `translate="no"`. */
async function visibleTexts(page: Page, root?: Locator): Promise<string[]> {
  const handle = root ? await root.elementHandle() : null;
  return page.evaluate((scope) => {
    const texts: string[] = [];
    const start = (scope as Element | null) ?? document.body;
    const visible = (element: Element) => (element as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
    const skipped = (element: Element) => element.closest('[translate="no"]') !== null;
    const walker = document.createTreeWalker(start, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || skipped(parent) || !visible(parent) || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      texts.push(text);
    }
    for (const element of [start, ...start.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-description]')]) {
      if (skipped(element) || !visible(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(`${name}="${value}"`);
      }
    }
    return texts;
  }, handle);
}

async function checkLatin(page: Page, findings: Findings, where: string, root?: Locator) {
  for (const text of await visibleTexts(page, root)) {
    const words = latinWords(text.replace(/^[a-z-]+="(.*)"$/s, '$1'));
    if (words.length > 0) findings.latin.push(`${where}: ${words.join(', ')} — «${text.slice(0, 120)}»`);
  }
}

/**
 * Elements that must be seen whole and clickable: each is hit-tested at its centre and must be
 * what is there (or contain it). `selector` picks them; elements scrolled out of view are brought in.
 */
async function checkCovered(page: Page, findings: Findings, where: string, selector: string, what: string) {
  for (const problem of await coveredProblems(page, selector, what)) findings.layout.push(`${where}: ${problem}`);
}

/** The elements of `selector` that are covered by another element or lie outside the window. */
export async function coveredProblems(page: Page, selector: string, what: string): Promise<string[]> {
  return page.evaluate(
    ({ selector, what }) => {
      const found: string[] = [];
      const elements = [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility?.() ?? true);
      for (const element of elements) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        // A table that scrolls sideways inside its card by design (`data-scrolls-sideways`): each element is checked scrolled into view there.
        if (rect.bottom > window.innerHeight || rect.top < 0 || element.closest('[data-scrolls-sideways]')) {
          element.scrollIntoView({ block: 'center', inline: 'nearest' });
        }
        const now = element.getBoundingClientRect();
        const x = now.left + now.width / 2;
        const y = now.top + now.height / 2;
        const label = `${what} «${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}»`;
        if (x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight) {
          found.push(`${label} is outside the window (${Math.round(x)}, ${Math.round(y)})`);
          continue;
        }
        const top = document.elementFromPoint(x, y);
        if (!top || !(element === top || element.contains(top))) {
          found.push(`${label} is covered by <${top?.tagName.toLowerCase()} class="${top?.className}">`);
        }
      }
      window.scrollTo(0, 0);
      return found;
    },
    { selector, what },
  );
}

/**
 * The numbers on screen as shared/format.ts writes them, and no reference as `#<digits>`:
 * - a table cell reading `#123` (alone or as `#123 → #98`) is a code where a name belongs;
 * - every sum (a number before ₽) is `64 400,00 ₽`: groups of three joined by a no-break or thin space, kopecks;
 * - a count in a table cell, a list's footer or a locked field has its thousands grouped (`10 243`), so a
 *   cell that is a bare run of 5+ digits (4+ in a locked field) is one unformatted — except in columns of
 *   codes (ИНН, номер, телефон, документ…), which are written as they are;
 * - text typed by a person (a catalogue section's «от 4 500 ₽») is theirs: marked `data-typed`, skipped.
 */
export async function formatProblems(page: Page, root?: Locator): Promise<{ codes: string[]; numbers: string[] }> {
  const handle = root ? await root.elementHandle() : null;
  return page.evaluate((scope) => {
    const start = (scope as Element | null) ?? document.querySelector('main') ?? document.body;
    const codes: string[] = [];
    const numbers: string[] = [];
    const visible = (element: Element) => element.checkVisibility?.() ?? true;
    const codeColumn = /ИНН|КПП|ОГРН|БИК|номер|№|код|телефон|документ|паспорт|счёт|индекс|артикул/i;
    const GROUPED = '\\d{1,3}(?:[\\u00a0\\u202f]\\d{3})*';
    const money = new RegExp(`^-?${GROUPED},\\d{2}$`);
    // Plain spaces only: the no-break and thin spaces inside a sum are part of its format.
    const text = (element: Element) => (element.textContent ?? '').replace(/[ \t\r\n]+/g, ' ').trim();
    const skipped = (element: Element) => !visible(element) || element.closest('[data-typed], [translate="no"]') !== null;
    const headerOf = (cell: Element) => {
      // A key/value table names each row in its own <th>; a list names each column in its <thead>.
      const rowHeader = cell.parentElement?.querySelector(':scope > th');
      if (rowHeader) return text(rowHeader);
      const table = cell.closest('table');
      const index = [...cell.parentElement!.children].indexOf(cell);
      return table ? text(table.querySelector('thead tr')?.children[index] ?? document.createElement('th')) : '';
    };
    const sums = (where: string, value: string) => {
      // The number before each ₽ (its spaces, no-break and thin ones included).
      for (const match of value.matchAll(/(-?[\d\u00a0\u202f ]*\d(?:[.,]\d+)?)\s?₽/g)) {
        const sum = match[1]!.trim();
        if (!money.test(sum)) numbers.push(`${where}: «${value.slice(0, 80)}» — the sum ${sum} ₽ is not in the money format (1 234,00 ₽)`);
      }
    };
    for (const cell of start.querySelectorAll('table tbody td')) {
      if (skipped(cell)) continue;
      const value = text(cell);
      const header = headerOf(cell);
      const where = `table «${cell.closest('table')?.getAttribute('aria-label') ?? ''}», column «${header}»`;
      if (/(^|[\s→—(])#\d+/.test(value)) codes.push(`${where}: «${value.slice(0, 80)}» shows a code, not a name`);
      sums(where, value);
      // A cell that is a number alone (a name with digits in it, «Страна 4128», is typed text, not a count).
      if (!codeColumn.test(header) && /^-?\d{5,}([.,]\d+)?$/.test(value.replace(/₽/g, '').trim())) numbers.push(`${where}: «${value.slice(0, 80)}» — a count without its thousands grouped`);
    }
    // Sums and counts outside the tables: the lists' footers, the totals, the dialogs' texts.
    for (const element of start.querySelectorAll('[data-testid="list-count"], .collection-table-footer, p, span, td, th, dd, div.bp6-callout')) {
      if (skipped(element) || element.closest('table tbody td')) continue;
      if ([...element.children].some((child: Element) => /₽|\d{5,}/.test(child.textContent ?? ''))) continue; // the innermost holder says it
      const value = text(element);
      sums(`«${value.slice(0, 40)}»`, value);
      if (/из \d{4,}|\d{4,} записей/.test(value)) numbers.push(`«${value.slice(0, 80)}» — a count without its thousands grouped`);
    }
    // A locked (read-only) number field shows its value as the formats write it.
    for (const input of start.querySelectorAll('input[inputmode="decimal"]:disabled, input[inputmode="decimal"][readonly]')) {
      if (skipped(input)) continue;
      const value = String(input.value).trim();
      if (/^-?\d{4,}([.,]\d+)?$/.test(value)) numbers.push(`locked field «${input.id || input.getAttribute('aria-label')}»: «${value}» — a number without its thousands grouped`);
    }
    return { codes, numbers };
  }, handle);
}

async function checkFormats(page: Page, findings: Findings, where: string, root?: Locator) {
  const { codes, numbers } = await formatProblems(page, root);
  findings.codes.push(...codes.map((problem) => `${where}: ${problem}`));
  findings.numbers.push(...numbers.map((problem) => `${where}: ${problem}`));
}

/**
 * An editor's tabs (`role="tab"` in the page): each opened in turn and its tables checked for codes
 * and formats, then the first tab again. The tabs an editor hides for its type are not there.
 */
async function walkTabs(page: Page, findings: Findings, where: string) {
  const tabs = page.locator('main [role="tablist"] [role="tab"]');
  const count = await tabs.count();
  if (count < 2) return;
  for (let index = 1; index < count; index++) {
    const tab = tabs.nth(index);
    if (!(await tab.isVisible()) || (await tab.getAttribute('aria-disabled')) === 'true') continue;
    const title = ((await tab.textContent()) ?? '').trim();
    await tab.click();
    await settle(page);
    findings.visited.push(`${where} › вкладка «${title}»`);
    await checkFormats(page, findings, `${where} › вкладка «${title}»`);
  }
  await tabs.first().click();
  await settle(page);
}

/**
 * A dialog's own tabs (a tour service's «Данные» and «Даты»): each opened, its numbers and codes
 * checked, and its tables held to the dialog's width (row actions behind a horizontal scroll are lost
 * at 1366×768); then the first tab again.
 */
async function walkDialogTabs(page: Page, findings: Findings, where: string, dialog: Locator) {
  const tabs = dialog.locator('[role="tablist"] [role="tab"]');
  const count = await tabs.count();
  for (let index = 1; index < count; index++) {
    const tab = tabs.nth(index);
    if (!(await tab.isVisible()) || (await tab.getAttribute('aria-disabled')) === 'true') continue;
    const at = `${where} › вкладка «${((await tab.textContent()) ?? '').trim()}»`;
    await tab.click();
    findings.visited.push(at);
    await checkFormats(page, findings, at, dialog);
    const handle = await dialog.elementHandle();
    const wide = await page.evaluate(
      (box) =>
        [...box.querySelectorAll('table')]
          .filter((table: Element) => (table.checkVisibility?.() ?? true) && table.parentElement.scrollWidth > table.parentElement.clientWidth + 1)
          .map((table: Element) => `a table is ${table.parentElement.scrollWidth}px wide in ${table.parentElement.clientWidth}px: its columns do not fit`),
      handle,
    );
    findings.layout.push(...wide.map((problem: string) => `${at}: ${problem}`));
  }
  if (count > 1) await tabs.first().click();
}

/** The header's buttons, links and greeting. */
export const HEADER_CONTROLS = '.app-header a, .app-header button, [data-testid="greeting"]';

/** Header controls that do not sit whole inside the header bar (wrapped onto a second line, pushed out). */
export async function headerOverflow(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const bar = document.querySelector('.app-header')?.getBoundingClientRect();
    if (!bar) return ['no header'];
    return [...document.querySelectorAll(selector)]
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.top < bar.top - 1 || rect.bottom > bar.bottom + 1 || rect.left < bar.left - 1 || rect.right > bar.right + 1))
      .map(({ element }) => `header control «${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}» lies outside the header bar`);
  }, HEADER_CONTROLS);
}

/** The layout of a page at 1366×768: the header, the tables, the width of the page. */
async function checkPageLayout(page: Page, findings: Findings, where: string) {
  await checkCovered(page, findings, where, HEADER_CONTROLS, 'header control');
  for (const problem of await headerOverflow(page)) findings.layout.push(`${where}: ${problem}`);
  await checkCovered(page, findings, where, 'main table thead th', 'column header');
  await checkCovered(page, findings, where, 'main table tbody tr:nth-child(-n+5) td', 'cell');
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${window.innerWidth}px window`);
    for (const table of document.querySelectorAll('main table')) {
      const frame = table.parentElement!;
      if (!frame.closest('[data-scrolls-sideways]') && frame.scrollWidth > frame.clientWidth + 1) found.push(`a table is ${frame.scrollWidth}px wide in ${frame.clientWidth}px: its columns do not fit`);
      const header = table.querySelector('thead tr')?.getBoundingClientRect().height ?? 0;
      // A list whose rows are stacks of one-line entries by design (the applications: legs, stays,
      // tourists) marks itself `stacked-rows`: there each entry (`row-line`) must stay one line.
      const stacked = table.closest('.stacked-rows') !== null;
      for (const row of table.querySelectorAll('tbody tr')) {
        const height = row.getBoundingClientRect().height;
        if (stacked) {
          for (const line of row.querySelectorAll('.row-line')) {
            if (line.getBoundingClientRect().height > 26) found.push(`a line of a stacked row wraps: «${line.textContent?.trim().slice(0, 60)}»`);
          }
          continue;
        }
        // One line of text, or a control (switch, buttons) of about the same height.
        if (row.children.length > 1 && height > 48) found.push(`a row is ${Math.round(height)}px high (more than one line): «${row.textContent?.trim().slice(0, 60)}»`);
      }
      if (header > 64) found.push(`the table header is ${Math.round(header)}px high`);
    }
    return found;
  });
  for (const problem of problems) findings.layout.push(`${where}: ${problem}`);
}

/** A dialog (or popover) must fit the window whole, and its buttons must not be covered. */
async function checkFits(page: Page, findings: Findings, where: string, box: Locator, controls: string) {
  const rect = await box.boundingBox();
  const viewport = page.viewportSize()!;
  if (rect && (rect.x < 0 || rect.y < 0 || rect.x + rect.width > viewport.width + 1 || rect.y + rect.height > viewport.height + 1)) {
    findings.layout.push(`${where}: ${Math.round(rect.width)}×${Math.round(rect.height)} at (${Math.round(rect.x)}, ${Math.round(rect.y)}) does not fit the ${viewport.width}×${viewport.height} window`);
  }
  if (controls) await checkCovered(page, findings, where, controls, 'control');
}

/** Waits until the page has its data: no request in flight, no spinner. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('.bp6-spinner').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

/** A dialog has its record: no spinner in it, no request in flight. */
async function dialogSettled(page: Page) {
  await page.locator('.bp6-overlay-open .bp6-spinner').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
}

/** Every route of the registry with its parameters filled from the API (the first record of the list the path starts with). */
async function concretePaths(page: Page): Promise<{ name: string; path: string | null }[]> {
  const paths: { name: string; path: string | null }[] = [];
  for (const [name, route] of Object.entries(ROUTES)) {
    if (name === 'auth') continue;
    const path: string = route.path;
    const cut = path.indexOf('/:');
    if (cut < 0) {
      paths.push({ name, path });
      continue;
    }
    const reply = await page.request.get(`/api${path.slice(0, cut)}`, { params: { limit: 1 } });
    const id = reply.ok() ? ((await reply.json()) as { data?: { id?: number }[] }).data?.[0]?.id : undefined;
    paths.push({ name, path: id === undefined ? null : path.replace(/:[a-z_]+/g, String(id)) });
  }
  return paths;
}

/** The selects and calendars of an open dialog: each opened, read, and closed with Esc (which must leave the dialog open). */
async function walkPopovers(page: Page, findings: Findings, where: string, dialog: Locator) {
  const openers = dialog.locator('button[data-field], button[aria-label="Открыть календарь"]');
  const count = await openers.count();
  for (let index = 0; index < count; index++) {
    const opener = openers.nth(index);
    if (!(await opener.isVisible()) || !(await opener.isEnabled())) continue;
    const label = (await opener.getAttribute('aria-label')) ?? (await opener.textContent()) ?? '';
    await opener.click();
    const popover = page.locator('.bp6-popover-content').last();
    await popover.waitFor({ state: 'visible', timeout: 3000 }).catch(() => undefined);
    // A select's list takes the focus into its search box a moment after it opens (keys go there, as a person's would).
    if (await opener.getAttribute('data-field')) {
      await page.waitForFunction(() => document.activeElement?.closest('.bp6-popover'), null, { timeout: 2000 }).catch(() => undefined);
    }
    if (await popover.isVisible()) {
      const at = `${where} › «${label.trim()}»`;
      findings.visited.push(at);
      await checkLatin(page, findings, at, popover);
      await checkFits(page, findings, at, popover, '');
    }
    await page.keyboard.press('Escape');
    // The list or calendar has gone before the next step: its target no longer marked open, and the
    // focus back out of it (the list's search box keeps the focus until its closing transition ends;
    // an Esc pressed before that is the list's, as a person's second Esc within a blink would be).
    const closed = await dialog
      .locator('.bp6-popover-open')
      .first()
      .waitFor({ state: 'detached', timeout: 3000 })
      .then(() => page.waitForFunction(() => !document.activeElement?.closest('.bp6-popover'), null, { timeout: 3000 }))
      .then(() => true, () => false);
    if (!closed) findings.layout.push(`${where}: Esc did not close «${label.trim()}»`);
    if (!(await dialog.isVisible())) {
      findings.layout.push(`${where}: Esc in «${label.trim()}» closed the dialog, not just its list or calendar`);
      return;
    }
  }
}

/** Opens each dialog the page offers (first row for row actions), checks it, and closes it without changing anything. */
async function walkDialogs(page: Page, findings: Findings, where: string) {
  const openers = page.locator('main [aria-haspopup="dialog"]');
  const labels = new Set<string>();
  // The add and edit forms of a page have the same fields: their lists and calendars are opened once.
  let popoversWalked = false;
  const count = await openers.count();
  for (let index = 0; index < count; index++) {
    const opener = openers.nth(index);
    const label = ((await opener.getAttribute('aria-label')) ?? (await opener.textContent()) ?? '').trim();
    // One of each (the first row's); a button waiting for something (no rows selected yet) opens nothing.
    if (labels.has(label) || !(await opener.isVisible()) || (await opener.isDisabled())) continue;
    labels.add(label);
    await opener.click();
    const dialog = page.locator('.bp6-overlay-open [role="dialog"], .bp6-overlay-open [role="alertdialog"]').last();
    await dialog.waitFor({ state: 'visible', timeout: 5000 });
    const role = await dialog.getAttribute('role');
    await dialogSettled(page);
    const at = `${where} › ${label}`;
    findings.visited.push(at);
    await checkLatin(page, findings, at, dialog);
    await checkFormats(page, findings, at, dialog);
    await checkFits(page, findings, at, dialog, '.bp6-dialog-footer button, .bp6-alert-footer button');
    if (role === 'dialog') await walkDialogTabs(page, findings, at, dialog);
    if (role === 'dialog' && !popoversWalked) {
      popoversWalked = (await dialog.locator('form').count()) > 0;
      await walkPopovers(page, findings, at, dialog);
    }
    // Leave without a change: Cancel (a question) or Esc (a form or a view).
    if (role === 'alertdialog') await dialog.getByRole('button', { name: 'Отмена', exact: true }).click();
    else await page.keyboard.press('Escape');
    // Closed, and its closing transition over, before the next button is pressed.
    const backdrop = page.locator('.bp6-overlay-backdrop').first();
    const closed = await backdrop.waitFor({ state: 'detached', timeout: 5000 }).then(() => true, () => false);
    if (!closed) {
      findings.layout.push(`${at}: Esc did not close the dialog (focus on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 100))})`);
      await dialog.getByRole('button', { name: /^(Отмена|Закрыть)$/ }).last().click();
      await backdrop.waitFor({ state: 'detached', timeout: 5000 });
    }
  }
}

/** The header's menus: Справочники with each of its nested groups opened in turn, and the profile menu. */
async function walkMenus(page: Page, findings: Findings) {
  await page.getByRole('button', { name: 'Справочники' }).click();
  const opened = new Set<string>();
  for (;;) {
    const groups = page.locator('.bp6-submenu > .bp6-popover-target > .bp6-menu-item');
    let next: Locator | null = null;
    for (const group of await groups.all()) {
      const name = ((await group.textContent()) ?? '').trim();
      if (!opened.has(name) && (await group.isVisible())) {
        opened.add(name);
        next = group;
        break;
      }
    }
    if (!next) break;
    await next.hover();
    await page.waitForTimeout(300);
    await checkLatin(page, findings, 'меню «Справочники»', page.locator('.bp6-portal').last());
  }
  findings.visited.push(`меню «Справочники»: ${[...opened].join(', ')}`);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 760);
  await page.getByRole('button', { name: 'Профиль' }).click();
  await checkLatin(page, findings, 'меню профиля', page.locator('.bp6-popover-content').last());
  await page.keyboard.press('Escape');
}

/** Collects what the console says while `work` runs. */
export function listenToConsole(page: Page, findings: Findings, where: () => string) {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') findings.console.push(`${where()}: ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => findings.console.push(`${where()}: uncaught: ${error.message}`));
}

/**
 * The walk of a signed-in administrator (the role that may open every screen) over every route,
 * each page's dialogs and the header's menus. The caller signs in, sizes the window and listens
 * to the console.
 */
export async function walkScreens(page: Page, findings: Findings, setWhere: (where: string) => void, records: { name: keyof typeof ROUTES; path: string }[] = []) {
  // Besides the first record of each list, the records the seed names (an application of each kind of product).
  const paths = [...(await concretePaths(page)), ...records];
  for (const { name, path } of paths) {
    if (path === null) {
      findings.visited.push(`${name}: no record to open (skipped)`);
      continue;
    }
    const where = `${ROUTES[name as keyof typeof ROUTES].title} (${path})`;
    setWhere(where);
    await page.goto(path);
    await settle(page);
    findings.visited.push(where);
    await checkLatin(page, findings, where);
    await checkPageLayout(page, findings, where);
    await checkFormats(page, findings, where);
    await walkDialogs(page, findings, where);
    await walkTabs(page, findings, where);
  }
  setWhere('меню');
  await walkMenus(page, findings);
}
