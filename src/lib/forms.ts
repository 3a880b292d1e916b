/** A form the server refused (posted before hydration or without JavaScript), as its page hands it to the island. */
export interface FormFailure {
  status: number;
  message: string;
  /** First message per field. */
  errors: Record<string, string>;
}
