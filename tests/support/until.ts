/** Waiting for what a server's job does: poll until it shows. */

/** Polls `read` until `done` holds (up to `ms`), returning the last value. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}
