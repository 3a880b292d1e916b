/** The rate limits of the account endpoints (`server/rate-limit.ts` counts them). */
import type { RateRule } from '@/lib/server/rate-limit';

/** The limits of the account endpoints. */
export const RATE_RULES = {
  loginPerIp: { name: 'login:ip', windowSeconds: 15 * 60, limit: 50 },
  /** Wrong passwords from one address for one account: that pair waits, nobody else does. */
  loginFailuresPerPair: { name: 'login-fail:pair', windowSeconds: 15 * 60, limit: 10 },
  /**
   * Wrong passwords for one account from anywhere: past this the account is under attack, and only
   * browsers it knows (or one unlocked from a mailed link) may try its password. Never a lockout.
   */
  loginFailuresPerAccount: { name: 'login-fail:account', windowSeconds: 60 * 60, limit: 20 },
  registerPerIp: { name: 'register:ip', windowSeconds: 60 * 60, limit: 10 },
  registerPerAccount: { name: 'register:account', windowSeconds: 60 * 60, limit: 5 },
  resetRequestPerIp: { name: 'reset:ip', windowSeconds: 60 * 60, limit: 10 },
  resetRequestPerAccount: { name: 'reset:account', windowSeconds: 60 * 60, limit: 5 },
  resetPasswordPerIp: { name: 'reset-password:ip', windowSeconds: 60 * 60, limit: 20 },
} as const satisfies Record<string, RateRule>;
