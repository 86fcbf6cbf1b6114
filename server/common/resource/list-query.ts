/** Moved to the list engine (server/common/list); kept so older imports keep working. */
export { escapeLike, parseListQuery } from '../list/list-query.js';
