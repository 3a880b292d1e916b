/**
 * Photos picked together upload at once and finish in any order; they join the product in the
 * order they were picked (the first picked is the main photo). An upload that failed is skipped.
 */
export interface PendingUpload<T> {
  key: string;
  result?: T;
  failed?: boolean;
}

/** The finished uploads at the head of `queue`, in pick order, and what is still waiting. */
export function takeFinished<T>(queue: readonly PendingUpload<T>[]): {
  done: T[];
  keys: string[];
  rest: PendingUpload<T>[];
} {
  let head = 0;
  while (head < queue.length && (queue[head]!.result !== undefined || queue[head]!.failed)) head++;
  const over = queue.slice(0, head);
  return {
    done: over.flatMap((u) => (u.result === undefined ? [] : [u.result])),
    keys: over.map((u) => u.key),
    rest: queue.slice(head),
  };
}
