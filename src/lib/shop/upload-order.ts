/**
 * Photos picked together upload at once and finish in any order; they join the product in the
 * order they were picked (the first picked is the main photo). An upload that failed is skipped.
 * The seller then reorders them (`moveItem`): the first is the main photo.
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

/** `list` with the item at `from` moved to `to` (both clamped to the list): drag and the buttons. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}
