/**
 * The consistency review (/revisar): checks across blocks with actionable Spanish advice
 * pointing to the section to fix, and a score of how complete and consistent the canvas is.
 */
import type { Note, Sections } from '@/lib/canvas/notes';
import { SECTION_GUIDES, SECTION_ORDER, type SectionSlug } from '@/lib/canvas/sections';

export interface ReviewIssue {
  id: string;
  section: SectionSlug;
  severity: 'alta' | 'media';
  title: string;
  advice: string;
}

export interface Review {
  score: number;
  filled: number;
  issues: ReviewIssue[];
  /** Consistency checks that ran and passed / ran. */
  passed: number;
  checks: number;
}

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** Reviews a canvas. Score: 60 % how many blocks are filled, 40 % consistency checks passed. */
export function reviewCanvas(sections: Sections): Review {
  const notes = (s: SectionSlug): Note[] => sections[s]?.notes ?? [];
  const issues: ReviewIssue[] = [];
  let checks = 0;
  let passed = 0;
  const check = (ok: boolean, issue: ReviewIssue) => {
    checks++;
    if (ok) passed++;
    else issues.push(issue);
  };

  for (const slug of SECTION_ORDER) {
    if (notes(slug).length === 0) {
      issues.push({
        id: `empty:${slug}`,
        section: slug,
        severity: 'alta',
        title: `${SECTION_GUIDES[slug].title}: el bloque está vacío`,
        advice: `Responde: ${SECTION_GUIDES[slug].questions[0]} Agrega al menos una nota.`,
      });
    }
  }

  const segments = notes('segmento-de-clientes');
  const segmentIds = new Set(segments.map((s) => s.id));
  const linkedTo = (slug: SectionSlug, segmentId: string) =>
    notes(slug).some((n) => n.segmentIds.includes(segmentId));

  if (segments.length > 0) {
    for (const vp of notes('propuesta-de-valor')) {
      check(
        vp.segmentIds.some((id) => segmentIds.has(id)),
        {
          id: `vp-unlinked:${vp.id}`,
          section: 'propuesta-de-valor',
          severity: 'media',
          title: `La propuesta «${short(vp.text)}» no está ligada a ningún segmento`,
          advice:
            'Indica para qué segmento de clientes es esta propuesta. Si no es para ninguno, quizás sobra.',
        },
      );
    }
    for (const segment of segments) {
      check(linkedTo('canales', segment.id), {
        id: `segment-no-channel:${segment.id}`,
        section: 'canales',
        severity: 'alta',
        title: `El segmento «${short(segment.text)}» no tiene canal`,
        advice: '¿Cómo llegarás a estos clientes? Agrega un canal y lígalo a este segmento.',
      });
      check(linkedTo('relacion-con-clientes', segment.id), {
        id: `segment-no-relationship:${segment.id}`,
        section: 'relacion-con-clientes',
        severity: 'media',
        title: `El segmento «${short(segment.text)}» no tiene relación definida`,
        advice:
          '¿Cómo atenderás a estos clientes y harás que vuelvan? Agrega una relación ligada a este segmento.',
      });
    }
    for (const revenue of notes('flujo-de-ingresos')) {
      check(
        revenue.segmentIds.some((id) => segmentIds.has(id)),
        {
          id: `revenue-unlinked:${revenue.id}`,
          section: 'flujo-de-ingresos',
          severity: 'media',
          title: `El ingreso «${short(revenue.text)}» no está ligado a ningún segmento`,
          advice: 'Indica qué segmento paga por esto. Un ingreso sin cliente no es un ingreso.',
        },
      );
    }
  }

  const hasCosts = notes('estructura-de-costos').length > 0;
  for (const slug of ['actividades-clave', 'recursos-clave'] as const) {
    if (notes(slug).length === 0) continue;
    check(hasCosts, {
      id: `no-cost:${slug}`,
      section: 'estructura-de-costos',
      severity: 'media',
      title: `${SECTION_GUIDES[slug].title} sin costos`,
      advice: `Tus ${SECTION_GUIDES[slug].title.toLowerCase()} cuestan dinero: agrégalos a la estructura de costos.`,
    });
  }

  const filled = SECTION_ORDER.filter((s) => notes(s).length > 0).length;
  const completeness = filled / SECTION_ORDER.length;
  const consistency = checks === 0 ? (filled === 0 ? 0 : 1) : passed / checks;
  const score = Math.round(completeness * 60 + consistency * 40 * completeness);
  return { score, filled, issues, passed, checks };
}

/** Blocks with at least one note. */
export function filledCount(sections: Partial<Record<SectionSlug, { notes: unknown[] }>>): number {
  return SECTION_ORDER.filter((s) => (sections[s]?.notes.length ?? 0) > 0).length;
}
