/**
 * What Node's parser refuses never reaches the handler. Node's own answer would carry no security
 * headers, and a method it does not know (TRACK) would be a 400: here it is a 405, as TRACE is.
 */
import type { Duplex } from 'node:stream';
import { APP_CSP, SECURITY_HEADERS } from '@/lib/server/http/csp';

/** The methods some route takes, for a 405's `Allow`. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** The headers every answer made outside Astro carries. */
export const OUTSIDE_HEADERS = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': APP_CSP,
  Allow: ALLOWED_METHODS,
};

const STATUS: Record<string, string> = {
  HPE_INVALID_METHOD: '405 Method Not Allowed',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
};

/** The server's `clientError` listener. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status = STATUS[error.code ?? ''] ?? '400 Bad Request';
  const lines = Object.entries(OUTSIDE_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
  const answer = `HTTP/1.1 ${status}\r\n${lines.join('')}Content-Length: 0\r\nConnection: close\r\n\r\n`;
  // A client too slow to finish its headers is cut off; any other gets its answer, then the end.
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.write(answer);
    socket.destroy();
  } else socket.end(answer);
}
