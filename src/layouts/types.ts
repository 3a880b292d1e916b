/** What every named layout takes. */
export interface LayoutProps {
  title: string;
  description?: string;
}
