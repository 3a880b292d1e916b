/** The back office's forms (docs/design.md §7 Back office): move a company, retry a failed job. */
import { formAction, rowIdField } from '@/lib/server/http/action';
import { HttpError } from '@/lib/server/http/errors';
import { getDb } from '@/lib/server/db/client';
import { retryJob } from '@/lib/server/queue/queue';
import { moveCompany } from '@/lib/backoffice/companies.server';
import { BACKOFFICE_NOT_FOUND, requireStaff } from '@/lib/backoffice/staff.server';
import { moveSchema } from '@/lib/backoffice/transitions';
import { z } from '@/lib/zod';

export const backoffice = {
  /** One move the status machine allows, recorded with the staff member and mailed to the person. */
  move: formAction(
    moveSchema,
    { company: rowIdField(BACKOFFICE_NOT_FOUND) },
    async ({ company, ...move }, context) => {
      const db = await getDb();
      const staffId = await requireStaff(db, context.locals.user);
      const moved = await moveCompany(db, staffId, company, move);
      return { status: moved.status };
    },
  ),
  /** A job that failed for good goes back to the queue and is tried at once. */
  retry: formAction(
    z.object({ job: rowIdField('Ese envío no existe.') }),
    {},
    async ({ job }, context) => {
      const db = await getDb();
      await requireStaff(db, context.locals.user);
      if (!(await retryJob(db, job)))
        throw new HttpError(
          409,
          'Ese envío ya no está fallido: puede que otra persona lo haya reintentado.',
        );
      return { job };
    },
  ),
};
