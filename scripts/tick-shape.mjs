// The first thing scripts/serve.mjs imports. Node's `process.nextTick` builds each tick as an
// object literal with computed keys, whose shapes V8 caches in the function's feedback by weak
// reference. Once no tick holds them, the server's start (another process makes PGlite's folder,
// then this one opens it) loses them; the cache sees new ones and turns megamorphic for good, and
// every tick after that defines its properties in V8's runtime. One tick kept alive keeps its
// shapes (docs/decisions/2026-11-26-tick-shape.md; tests/unit/platform/tick-shape.test.ts).
import { createHook } from 'node:async_hooks';

/** A tick of Node's own, never released. */
let kept;
const hook = createHook({
  init(_id, type, _trigger, resource) {
    if (type === 'TickObject') kept ??= resource;
  },
}).enable();
process.nextTick(() => {});
hook.disable();
