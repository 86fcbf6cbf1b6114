/** `/list` pickers searched as the user types: at most 50 of a million clients, by name. */
import { FIRST_PAGE_TARGET, type BenchScenario } from '../context.js';

export const pickerScenario: BenchScenario = {
  name: 'picker',
  stage: 'full',
  // Reads only: runs on the kept applications database too.
  data: 'any',
  async run({ measure }) {
    return [
      ...(await measure(`clients/list: 'кузнец'`, [`/api/clients/list?query=${encodeURIComponent('кузнец')}&limit=50`], FIRST_PAGE_TARGET)),
      ...(await measure(`users/list: 'ив'`, [`/api/users/list?query=${encodeURIComponent('ив')}&limit=50`], FIRST_PAGE_TARGET)),
    ];
  },
};
