/** Cookie the server reads to know a quick-start company is pending (set by the client store). */
export const QUICK_START_COOKIE = 'impulsa_quickstart';
