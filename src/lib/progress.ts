/** Module keys of the user's progress (GET /api/users/me/progress/), shared by server and pages. */
export const MODULES = ['canvas', 'formalizacion', 'productos', 'sitio', 'lecciones'] as const;
export type ModuleKey = (typeof MODULES)[number];

export interface ModuleProgress {
  started: boolean;
  finished: boolean;
}

export interface UserProgress {
  modules: Record<ModuleKey, ModuleProgress>;
  /** How many modules are finished, of `total`. */
  completed: number;
  total: number;
}
