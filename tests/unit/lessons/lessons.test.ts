/**
 * Lessons: the frontmatter rules every lesson file meets (and the files themselves: their video,
 * captions and poster ship with the app, small), the store's derivations of docs/spec.md §3, and the
 * progress rules (seen at 90 %, a seen lesson restarts from the beginning).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationLabel, formatDuration, reachesCompletion, resumeAt } from '@/lib/lessons/progress';
import { lessonFrontmatterSchema, progressPutSchema } from '@/lib/lessons/schemas';
import { deriveLessons } from '@/lib/lessons/store';

const LESSONS_DIR = path.resolve('src/content/lessons');
const PUBLIC = path.resolve('public');

/** A lesson file's frontmatter, read the simple way these files are written (one `key: value` a line, flow maps). */
function frontmatter(file: string): Record<string, unknown> {
  const block = /^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(file, 'utf8'))![1]!;
  const value = (raw: string): unknown => {
    if (/^\d+$/.test(raw)) return Number(raw);
    if (raw.startsWith('{'))
      return Object.fromEntries(
        raw
          .slice(1, -1)
          .split(',')
          .map((pair) => pair.split(':').map((s) => s.trim()))
          .map(([k, v]) => [k, v]),
      );
    if (raw.startsWith('[')) return [value(raw.slice(1, -1).trim())];
    return raw;
  };
  return Object.fromEntries(
    block
      .split('\n')
      .map((line) => [
        line.slice(0, line.indexOf(':')),
        value(line.slice(line.indexOf(':') + 1).trim()),
      ]),
  );
}

const valid = {
  id: 1,
  slug: 'como-validar-tu-idea',
  title: 'Cómo validar',
  summary: 'Resumen.',
  module: 'idea',
  position: 1,
  duration: 33,
  video: { src: '/lessons/a.mp4', type: 'video/mp4' },
  captions: [{ src: '/lessons/a.vtt', srclang: 'es', label: 'Español' }],
  poster: '/lessons/a.jpg',
};

describe('lesson files', () => {
  const files = fs.readdirSync(LESSONS_DIR).filter((f) => f.endsWith('.md'));

  it('has at least 8 lessons in 3 or more modules, with unique ids and slugs', () => {
    const lessons = files.map((f) =>
      lessonFrontmatterSchema.parse(frontmatter(path.join(LESSONS_DIR, f))),
    );
    expect(lessons.length).toBeGreaterThanOrEqual(8);
    expect(new Set(lessons.map((l) => l.module)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(lessons.map((l) => l.id)).size).toBe(lessons.length);
    expect(new Set(lessons.map((l) => l.slug)).size).toBe(lessons.length);
    for (const [i, lesson] of lessons.entries()) expect(`${lesson.slug}.md`).toBe(files[i]);
  });

  it.each(files)('%s ships a small H.264 MP4, Spanish WebVTT captions and a poster', (file) => {
    const lesson = lessonFrontmatterSchema.parse(frontmatter(path.join(LESSONS_DIR, file)));
    const video = fs.readFileSync(path.join(PUBLIC, lesson.video.src));
    expect(video.length).toBeLessThanOrEqual(1.5 * 1024 * 1024);
    expect(video.subarray(4, 8).toString('ascii')).toBe('ftyp');
    // Fast start: the index (moov) comes before the media data, so playback starts before the download ends.
    expect(video.indexOf('moov')).toBeLessThan(video.indexOf('mdat'));
    const captions = fs.readFileSync(path.join(PUBLIC, lesson.captions[0]!.src), 'utf8');
    expect(captions.startsWith('WEBVTT')).toBe(true);
    expect(lesson.captions[0]!.srclang).toBe('es');
    expect(captions.replace(/\s+/g, ' ')).toContain(lesson.title);
    expect(fs.statSync(path.join(PUBLIC, lesson.poster)).size).toBeGreaterThan(1000);
  });
});

describe('lesson rules', () => {
  it('validates the frontmatter', () => {
    expect(lessonFrontmatterSchema.parse(valid).slug).toBe('como-validar-tu-idea');
    for (const bad of [
      { slug: 'Con Espacios' },
      { module: 'otro' },
      { duration: 0 },
      { captions: [] },
      { video: { src: 'javascript:alert(1)', type: 'video/mp4' } },
      { id: -1 },
    ]) {
      expect(lessonFrontmatterSchema.safeParse({ ...valid, ...bad }).success).toBe(false);
    }
  });

  it('counts a lesson seen at 90 % and starts a seen one from the beginning', () => {
    expect(reachesCompletion(89, 100)).toBe(false);
    expect(reachesCompletion(90, 100)).toBe(true);
    expect(resumeAt(undefined)).toBe(0);
    expect(resumeAt({ position_seconds: 42.5, completed: false })).toBe(42.5);
    expect(resumeAt({ position_seconds: 99, completed: true })).toBe(0);
  });

  it('refuses positions that are not a number of seconds', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e12, '10', null])
      expect(progressPutSchema.safeParse({ position_seconds: bad }).success).toBe(false);
    expect(progressPutSchema.parse({ position_seconds: 12.3, completed: true })).toEqual({
      position_seconds: 12.3,
      completed: true,
    });
  });

  it('says durations the way people read them', () => {
    expect(durationLabel(33)).toBe('33 s');
    expect(durationLabel(60)).toBe('1 min');
    expect(durationLabel(125)).toBe('2 min 5 s');
    expect(formatDuration(185)).toBe('3:05');
  });
});

describe('lesson store (docs/spec.md §3)', () => {
  const lessonsData = [
    { id: 1, slug: 'a' },
    { id: 2, slug: 'b' },
    { id: 3, slug: 'c' },
  ];
  it('derives the current, the first and the next lesson; none after the last', () => {
    expect(deriveLessons({ selectedLessonId: 2, lessonsData })).toEqual({
      current: lessonsData[1],
      first: lessonsData[0],
      next: lessonsData[2],
    });
    expect(deriveLessons({ selectedLessonId: 3, lessonsData }).next).toBeUndefined();
    expect(deriveLessons({ selectedLessonId: null, lessonsData })).toEqual({
      current: undefined,
      first: lessonsData[0],
      next: undefined,
    });
    expect(deriveLessons({ selectedLessonId: 1, lessonsData: [] }).first).toBeUndefined();
  });
});
