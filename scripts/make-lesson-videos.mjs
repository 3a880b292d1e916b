// Makes each lesson's video from its own text: a title slide with the lesson's opening paragraph,
// then one slide per key point, each read aloud in Spanish by espeak-ng; ffmpeg joins them into a
// small MP4 (H.264/AAC, fast start). It also writes the WebVTT captions (the same words, timed to
// the voice) and the poster, and sets `duration` in the lesson's frontmatter.
//
//   node scripts/make-lesson-videos.mjs [slug …]     (needs ffmpeg and espeak-ng: apt install ffmpeg espeak-ng)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lessonsDir = path.join(root, 'src/content/lessons');
const outDir = path.join(root, 'public/lessons');
const WIDTH = 960;
const HEIGHT = 540;
const VOICE = 'es-419';
const GAP = 0.5;

/** A lesson file's title, opening paragraph and key points (the body's first paragraph and its bullet list). */
function readLesson(file) {
  const text = fs.readFileSync(file, 'utf8');
  const [, frontmatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const title = /^title: (.+)$/m.exec(frontmatter)[1].trim();
  const intro = body.trim().split('\n\n')[0].trim();
  const points = [...body.matchAll(/^- (.+)$/gm)].map((m) => m[1].trim());
  return { text, title, intro, points };
}

const escapeXml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Lines of at most `max` characters, broken at spaces. */
function wrap(text, max) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > max && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

/** A slide as PNG: the lesson's title small at the top, the slide's text large, its number. */
async function slide({ title, heading, text, index, total }) {
  // DejaVu Sans Bold is about 0.62 em a character: lines of ~840 px.
  const size = heading ? 42 : 44;
  const lines = wrap(text, Math.floor(840 / (size * 0.62)));
  const top = HEIGHT / 2 - (lines.length * size * 1.25) / 2 + size;
  const font = 'font-family="DejaVu Sans, sans-serif"';
  const caption = heading ? 'Impulsa · Lecciones' : title;
  const textLines = lines.map(
    (l, i) =>
      `<text x="56" y="${top + i * size * 1.25}" ${font} font-weight="bold" font-size="${size}" ` +
      `fill="#ffffff">${escapeXml(l)}</text>`,
  );
  const counter = heading
    ? ''
    : `<text x="${WIDTH - 56}" y="${HEIGHT - 40}" text-anchor="end" ${font} font-size="22" ` +
      `fill="#c9c5ff">${index} de ${total - 1}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect width="100%" height="100%" fill="#1b1748"/>
  <rect x="0" y="${HEIGHT - 10}" width="${(WIDTH * (index + 1)) / total}" height="10" fill="#f2b134"/>
  <text x="56" y="72" ${font} font-size="24" fill="#c9c5ff">${escapeXml(caption)}</text>
  ${textLines.join('\n  ')}
  ${counter}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const seconds = (file) =>
  Number(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'default=nw=1:nk=1',
      file,
    ])
      .toString()
      .trim(),
  );

const vttTime = (t) => {
  const ms = Math.round(t * 1000);
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor((ms % 3_600_000) / 60_000)).padStart(2, '0');
  const s = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
};

async function make(slug) {
  const file = path.join(lessonsDir, `${slug}.md`);
  const lesson = readLesson(file);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `lesson-${slug}-`));
  const segments = [
    {
      heading: true,
      text: lesson.title,
      say: `${lesson.title}. ${lesson.intro}`,
      caption: lesson.intro,
    },
    ...lesson.points.map((p) => ({ heading: false, text: p, say: p, caption: p })),
  ];
  const parts = [];
  const cues = [];
  let clock = 0;
  for (const [i, seg] of segments.entries()) {
    const wav = path.join(work, `${i}.wav`);
    execFileSync('espeak-ng', ['-v', VOICE, '-s', '155', '-w', wav, seg.say]);
    const voice = seconds(wav);
    const png = path.join(work, `${i}.png`);
    fs.writeFileSync(
      png,
      await slide({
        title: lesson.title,
        heading: seg.heading,
        text: seg.text,
        index: i,
        total: segments.length,
      }),
    );
    if (i === 0)
      await sharp(png)
        .jpeg({ quality: 80, mozjpeg: true })
        .toFile(path.join(outDir, `${slug}.jpg`));
    const part = path.join(work, `${i}.mp4`);
    const length = voice + GAP;
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-loop',
      '1',
      '-framerate',
      '5',
      '-i',
      png,
      '-i',
      wav,
      '-af',
      `apad=whole_dur=${length}`,
      '-t',
      String(length),
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-tune',
      'stillimage',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-r',
      '5',
      '-g',
      '25',
      '-c:a',
      'aac',
      '-b:a',
      '40k',
      '-ac',
      '1',
      '-ar',
      '22050',
      part,
    ]);
    parts.push(part);
    const spoken = seg.heading
      ? [lesson.title + '.', ...lesson.intro.split(/(?<=\.)\s+/)]
      : [seg.caption];
    // Captions: the segment's sentences, sharing its time by their length.
    const total = spoken.reduce((n, s) => n + s.length, 0);
    let at = clock;
    for (const sentence of spoken) {
      const span = (voice * sentence.length) / total;
      cues.push({ start: at, end: at + span, text: wrap(sentence, 42).join('\n') });
      at += span;
    }
    clock += length;
  }
  const list = path.join(work, 'list.txt');
  fs.writeFileSync(list, parts.map((p) => `file '${p}'`).join('\n'));
  const mp4 = path.join(outDir, `${slug}.mp4`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    mp4,
  ]);
  fs.writeFileSync(
    path.join(outDir, `${slug}.vtt`),
    `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join('\n')}`,
  );
  const duration = Math.round(seconds(mp4));
  fs.writeFileSync(file, lesson.text.replace(/^duration: .*$/m, `duration: ${duration}`));
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`${slug}: ${duration} s, ${(fs.statSync(mp4).size / 1024).toFixed(0)} KB`);
}

fs.mkdirSync(outDir, { recursive: true });
const slugs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : fs
      .readdirSync(lessonsDir)
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.slice(0, -3));
for (const slug of slugs) await make(slug);
