// The first thing scripts/serve.mjs imports: how Node loads the app's modules, set before it
// loads them. Both measured by `npm run bench` (the cold start row; README, "Benchmark").
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Node's compile cache (in the system's temporary folder, or NODE_COMPILE_CACHE; keyed by each
// file's contents): a restart reuses the compiled code and the type-stripped `.ts` files, so
// Node's TypeScript stripper (a WebAssembly module of some 17 MB) is not even loaded.
module.enableCompileCache?.();

/**
 * Node 24 parses a package's whole `exports` map again for every file it loads from the
 * package (`getPackageScopeConfig` spreads an object whose `exports` is a lazy JSON.parse).
 * drizzle-orm's map is 179 KB and the server loads 107 of its files: about 1 s and 230 MB of
 * garbage at start. Its files import one another by relative `.js` paths, and the whole package
 * is ES modules (`"type": "module"`, no nested package.json), so those imports are answered here:
 * the same URL and format Node's own resolution gives, without reading the map.
 */
const drizzleRoot = pathToFileURL(path.dirname(fileURLToPath(import.meta.resolve('drizzle-orm'))) + path.sep).href;
module.registerHooks?.({
  resolve(specifier, context, nextResolve) {
    if (context.parentURL?.startsWith(drizzleRoot) && (specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js')) {
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
