/**
 * Passwords: 8 to 256 characters (code points, any Unicode). Apart from the schemas so a form
 * can show the rule without downloading zod.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
