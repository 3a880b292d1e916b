/**
 * At most `slots` of the works it is given run at once; the others wait their turn, first come
 * first served. For work bounded by memory rather than time, such as decoding a large photo.
 */
export function takingTurns(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or frees.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
