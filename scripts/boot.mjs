// The first thing scripts/serve.mjs imports: how Node loads the app's modules, set before it
// loads them. Both measured by `npm run bench` (the cold start row; README, "Benchmark").
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Node's compile cache (in the system's temporary folder, or NODE_COMPILE_CACHE; keyed by each
// file's contents): a restart reuses the compiled code.
module.enableCompileCache?.();

/**
 * Node 24 parses a package's whole `exports` map again for every file it loads from the package
 * (`getPackageScopeConfig` spreads an object whose `exports` is a lazy JSON.parse). drizzle-orm,
 * whose map is 179 KB, is bundled into the build (astro.config.mjs) for that reason. The same cost
 * for package names: the app's files (the build's chunks, `src/`, `scripts/`) import
 * `drizzle-orm/pg-core`, `astro/…` and the like from many files, and each import reads the
 * package's `exports` again. From anywhere in the project outside `node_modules/`, a package name
 * resolves through the same `node_modules/` to the same file: the first answer is kept for the rest.
 */
const projectRoot = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..') + path.sep,
).href;
const bareAnswers = new Map();
const isBare = (specifier) => !/^(?:\.{0,2}\/|[a-z][a-z0-9+.-]*:|#)/i.test(specifier);

module.registerHooks?.({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent?.startsWith(projectRoot) || parent.includes('/node_modules/') || !isBare(specifier))
      return nextResolve(specifier, context);
    const key = `${specifier}\0${context.conditions?.join(',')}\0${JSON.stringify(context.importAttributes ?? {})}`;
    const known = bareAnswers.get(key);
    if (known) return known;
    const answer = nextResolve(specifier, context);
    bareAnswers.set(key, { url: answer.url, format: answer.format, shortCircuit: true });
    return answer;
  },
});
