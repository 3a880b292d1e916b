import { methodNotAllowed } from '@/lib/server/http/json';

/** `GET /api/users/me/sent-companies?page={page}` (docs/spec.md §7): the same list as `GET /api/companies/`. */
export { GET } from '@/pages/api/companies';

export const ALL = methodNotAllowed('GET');
