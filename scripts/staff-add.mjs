// `npm run staff:add EMAIL [-- --name "Nombre Apellido" --password CLAVE]`: makes an account staff,
// so it can open /backoffice (with --name and --password, an account that does not exist yet is
// created). On the server only, against the configured database (DATA_DIR's PGlite or
// DATABASE_URL): the API has no way to do it. On PGlite, stop the server first (it says so).
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, password: { type: 'string' } },
});
const email = positionals[0];
if (!email || !email.includes('@')) {
  console.error('Uso: npm run staff:add correo@dominio.cl [-- --name "Nombre" --password CLAVE]');
  process.exit(2);
}
const { runtime, openConfiguredDatabase } = await import('./open-database.mjs');
const handle = await openConfiguredDatabase();
const { addStaff } = runtime;
try {
  const create =
    values.name && values.password
      ? { fullName: values.name, password: values.password }
      : undefined;
  const result = await addStaff(handle.db, email, create);
  if (result === 'missing') {
    console.error(`No existe una cuenta con el correo ${email}: que se registre primero.`);
    process.exitCode = 1;
  } else
    console.log(
      result === 'created'
        ? `Creamos la cuenta ${email}; ya es parte del equipo (staff).`
        : `${email} ya es parte del equipo (staff).`,
    );
} finally {
  await handle.close();
}
