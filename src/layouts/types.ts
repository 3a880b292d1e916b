/** What every named layout takes. */
export interface LayoutProps {
  title: string;
  description?: string;
  /** Pages a search engine has no business listing (a mail's one-time link). */
  noindex?: boolean;
}
