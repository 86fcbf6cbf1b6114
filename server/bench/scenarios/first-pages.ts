/** The first pages of the staff and client lists, searched, sorted and filtered as people use them. */
import { FIRST_PAGE_TARGET, type BenchScenario, type HttpTarget } from '../context.js';

const q = (text: string) => encodeURIComponent(text);

export const firstPagesScenario: BenchScenario = {
  name: 'first pages',
  stage: 'full',
  // Reads only: runs on the kept applications database too.
  data: 'any',
  async run({ measure }) {
    // A phone fragment matches tens of thousands of clients: its digit search counts them through the index (issue 19).
    const digits: HttpTarget = { ...FIRST_PAGE_TARGET, dbP95: 15 };
    const scenarios: [string, string[], HttpTarget?][] = [
      ['users: no search, by name', ['/api/users?orderBy=full_name&ascending=1&page=1&limit=10']],
      ['users: active, by name desc, page 2', ['/api/users?is_active=1&orderBy=full_name&ascending=0&page=2&limit=10']],
      [`users: surname part 'кузнец', by name`, [`/api/users?query=${q('кузнец')}&orderBy=full_name&ascending=1&page=1&limit=10`]],
      [`users: e-mail part 'petrova', by id desc`, [`/api/users?query=petrova&ascending=0&page=1&limit=10`]],
      ['clients: no search, newest first', ['/api/clients?ascending=0&page=1&limit=10']],
      ['clients: inactive, by name, page 3', ['/api/clients?is_active=0&orderBy=full_name&ascending=1&page=3&limit=10']],
      [`clients: surname part 'смирн', by name`, [`/api/clients?query=${q('смирн')}&orderBy=full_name&ascending=1&page=1&limit=10`]],
      [`clients: phone part '912', by id desc`, ['/api/clients?query=912&ascending=0&page=1&limit=10'], digits],
      [`clients: phone '8 912 3', active, by name`, [`/api/clients?query=${q('8 912 3')}&is_active=1&orderBy=full_name&ascending=1&page=1&limit=10`], digits],
      [`clients: phone ending '4567', by id desc`, ['/api/clients?query=4567&ascending=0&page=1&limit=10'], digits],
      ['agencies: no search, by name', ['/api/agencies?orderBy=legal_name&ascending=1&page=1&limit=10']],
    ];
    const rows = [];
    for (const [title, paths, target] of scenarios) rows.push(...(await measure(title, paths, target ?? FIRST_PAGE_TARGET)));
    return rows;
  },
};
