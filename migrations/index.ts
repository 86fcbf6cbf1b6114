/** Every migration, in order. A new migration file is added here too (explicit imports work in the packaged app). */
import { Foundation1763769600000 } from './1763769600000-Foundation.js';

export const MIGRATIONS = [Foundation1763769600000];
