/** The first word of a person's full name, for a greeting («Hola, Camila:»); '' for a blank one. */
export const givenName = (fullName: string): string => fullName.trim().split(/\s+/)[0] ?? '';
