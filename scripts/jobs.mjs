// `npm run jobs`: the job queue as an operator sees it: pending and failed jobs (mails, tax
// documents, sweeps), newest first. `npm run jobs retry ID` sends a failed job round again with
// a fresh 48 hours. Against the configured database, like `npm run staff:add`.
import { runtime, openConfiguredDatabase } from './open-database.mjs';

const [command, id] = process.argv.slice(2);
const handle = await openConfiguredDatabase();
const { listJobs, retryJob, jobCounts } = runtime;

const when = (date) => (date ? new Date(date).toISOString().replace('T', ' ').slice(0, 19) : '');

try {
  if (command === 'retry') {
    if (!/^\d+$/.test(id ?? '')) {
      console.error('Uso: npm run jobs retry ID');
      process.exitCode = 2;
    } else if (await retryJob(handle.db, Number(id))) {
      console.log(`El trabajo ${id} vuelve a la cola: se intentará de nuevo ahora.`);
    } else {
      console.error(`No hay un trabajo fallido con el número ${id}.`);
      process.exitCode = 1;
    }
  } else if (command) {
    console.error(
      'Uso: npm run jobs            (pendientes y fallidos)\n     npm run jobs retry ID   (reintenta uno fallido)',
    );
    process.exitCode = 2;
  } else {
    const counts = await jobCounts(handle.db);
    console.log(
      `Pendientes: ${counts.pending} · en curso: ${counts.running} · ` +
        `fallidos: ${counts.failed} · hechos: ${counts.done}`,
    );
    const rows = await listJobs(handle.db, ['failed', 'pending', 'running']);
    for (const job of rows) {
      const what = job.subject ? `${job.to} «${job.subject}»` : (job.ref ?? '');
      console.log(
        [
          String(job.id).padStart(6),
          job.status.padEnd(7),
          job.kind.padEnd(14),
          `intentos ${job.attempts}`.padEnd(12),
          job.status === 'failed' ? `falló ${when(job.finishedAt)}` : `próximo ${when(job.runAt)}`,
          what,
          job.lastError ? `— ${job.lastError}` : '',
        ].join('  '),
      );
    }
  }
} finally {
  await handle.close();
}
