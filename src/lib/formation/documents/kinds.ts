/** The documents a sent company has, by the path segment that names each. */
export const DOCUMENT_KINDS = {
  estatutos: 'Estatutos',
  'ficha-de-datos': 'Ficha de datos para el Registro',
  /** Only once constituted: it needs the company's RUT and date. */
  'inicio-de-actividades': 'Inicio de actividades: tus datos',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

export const isDocumentKind = (kind: string | undefined): kind is DocumentKind =>
  kind !== undefined && Object.hasOwn(DOCUMENT_KINDS, kind);

/** Where the person downloads a document of their company. */
export const companyDocumentPath = (id: number, kind: DocumentKind) =>
  `/api/companies/${id}/documents/${kind}/`;
