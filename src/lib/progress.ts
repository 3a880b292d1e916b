/** How far a person is in one module, as each feature reports it to the dashboard. Types only. */

export interface ModuleProgress {
  started: boolean;
  finished: boolean;
  /** A line for the dashboard card: counts so far and the next step. */
  detail?: string;
  /** Where "resume" goes when it is not the module's home (the company just sent, the draft). */
  href?: string;
}
