/**
 * Astro says which route a path matched; a few routes also take only some values for their
 * parameters, and those values are the features' vocabulary (steps, sections, types). A page
 * "exists" when Astro matched a route other than the 404 page and its parameters are valid.
 */
import { isSection } from '@/lib/canvas/sections';
import { isBusinessType } from '@/lib/formation/business-type';
import { isStepOf } from '@/lib/formation/steps';

type Params = Record<string, string | undefined>;

/** Route pattern (as `context.routePattern` gives it) → its parameter check. */
const PARAM_RULES: Record<string, (params: Params) => boolean> = {
  '/canvas/[id]/seccion/[section]': (p) => isSection(p.section),
  '/modelo-de-negocio/[type]': (p) => isBusinessType(p.type),
  '/modelo-de-negocio/[type]/chat': (p) => isBusinessType(p.type),
  '/modelo-de-negocio/[type]/revision': (p) => isBusinessType(p.type),
  '/modelo-de-negocio/[type]/[step]': (p) =>
    isBusinessType(p.type) && isStepOf(p.type, p.step ?? ''),
};

/** True when a request matched a real page of the app with acceptable parameters. */
export function pageExists(routePattern: string, params: Params): boolean {
  if (routePattern === '/404' || routePattern === '/500') return false;
  return PARAM_RULES[routePattern]?.(params) ?? true;
}
