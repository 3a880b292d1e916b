/**
 * Structured JSON logs, one line per event, filtered by `LOG_LEVEL`
 * (debug, info, warn, error, silent; default info).
 */
import { logLevel } from '@/lib/server/config';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = keyof typeof LEVELS;

/** The schema admits only these levels, so the value is one of them. */
function threshold(): number {
  return LEVELS[logLevel()];
}

function write(
  level: Exclude<Level, 'silent'>,
  msg: string,
  fields?: Record<string, unknown>,
): void {
  if (LEVELS[level] < threshold()) return;
  const line = JSON.stringify(
    { time: new Date().toISOString(), level, msg, ...fields },
    errorReplacer,
  );
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** The app's logger. Never log secrets: tokens and passwords stay out of `fields`. */
export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};
