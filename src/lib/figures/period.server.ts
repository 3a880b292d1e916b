/** The period an API request asks for (`?days=`): 30 when none, a 400 in Spanish when another. */
import { parsePeriod, PERIOD_MESSAGE, type FigurePeriod } from '@/lib/figures/figures';
import { HttpError } from '@/lib/server/http/errors';

export function periodParam(url: URL): FigurePeriod {
  const days = parsePeriod(url.searchParams.get('days'));
  if (days === null)
    throw new HttpError(400, PERIOD_MESSAGE, { errors: { days: [PERIOD_MESSAGE] } });
  return days;
}
