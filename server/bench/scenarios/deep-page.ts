/** Page 5000 of the clients sorted by name: a deferred join over the name index, never a sort of the table. */
import type { BenchScenario } from '../context.js';

export const deepPageScenario: BenchScenario = {
  name: 'page 5000',
  stage: 'full',
  // Reads only: runs on the kept applications database too.
  data: 'any',
  async run({ measure }) {
    return measure('clients: by name, page 5000', ['/api/clients?orderBy=full_name&ascending=1&page=5000&limit=10'], {
      p95AtOne: 50,
      p95AtEight: 50,
      ratio: 2,
    });
  },
};
