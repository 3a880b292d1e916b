// How the server process is started, wherever it is started from (`npm start`, the tests, the
// bench; `npm run serve` and deploy/impulsa@.service spell the same two settings):
// - `--max-semi-space-size=8`: V8's young generation stays small, so RSS under load stays low
//   at the same speed (docs/design.md §6).
// - `MALLOC_ARENA_MAX=2`, `MALLOC_MMAP_THRESHOLD_=131072`: glibc gives each of libvips' threads
//   its own malloc arena, keeps the pages freed in them, and raises its mmap threshold as big
//   buffers come and go; two arenas and a fixed threshold (big buffers mapped, and unmapped when
//   freed) keep a seller's photo uploads from leaving hundreds of MB behind
//   (docs/decisions/2026-11-25-malloc-arenas.md). glibc reads them at start, hence here.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
