import { describe, expect, it } from 'vitest';
import {
  GENERIC_DESCRIPTION,
  displayPath,
  errorViewFrom,
  notFoundView,
  statusMessageFor,
} from '@/lib/errors/error-view';
import { HttpError } from '@/lib/server/http/errors';
import { DatabaseUnavailableError } from '@/lib/server/db/errors';

describe('error view (docs/spec.md §2, §8)', () => {
  it('not found shows the path', () => {
    expect(notFoundView('/canvas/9/seccion/x')).toEqual({
      status: 404,
      statusMessage: 'Page Not Found',
      description: 'Page Not Found: /canvas/9/seccion/x',
    });
  });

  it('status messages', () => {
    expect(statusMessageFor(404)).toBe('Page Not Found');
    expect(statusMessageFor(500)).toBe('Internal Server Error');
    expect(statusMessageFor(503)).toBe('Internal Server Error');
  });

  it('defaults to 500 and takes the description from the error message', () => {
    expect(errorViewFrom(new Error('boom'), { exposeMessage: true })).toEqual({
      status: 500,
      statusMessage: 'Internal Server Error',
      description: 'boom',
    });
  });

  it('keeps the status and message of errors written for people', () => {
    expect(
      errorViewFrom(new HttpError(418, 'Soy una tetera'), { exposeMessage: false }),
    ).toMatchObject({ status: 418, description: 'Soy una tetera' });
    expect(errorViewFrom(new DatabaseUnavailableError(), { exposeMessage: false })).toMatchObject({
      status: 503,
      statusMessage: 'Internal Server Error',
    });
  });

  it('hides internal messages in production', () => {
    expect(
      errorViewFrom(new Error('relation "users" does not exist'), { exposeMessage: false })
        .description,
    ).toBe(GENERIC_DESCRIPTION);
  });
});

describe('displayPath', () => {
  it('drops the trailing slash and decodes', () => {
    expect(displayPath('/nope/')).toBe('/nope');
    expect(displayPath('/')).toBe('/');
    expect(displayPath('/a%C3%B1o/')).toBe('/año');
    expect(displayPath('/bad%E0%A4%A/')).toBe('/bad%E0%A4%A');
  });
});
