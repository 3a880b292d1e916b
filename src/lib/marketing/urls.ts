/** The public page (and one-click address, RFC 8058) that takes a buyer off a shop's publicity. */
export const UNSUBSCRIBE_PATH = (token: string) => `/baja/${token}`;

/** Whether a path is that page: public, on the main domains. */
export const isUnsubscribePath = (path: string) => /^\/baja\/[^/]+$/.test(path);
