/**
 * The lesson player: media-chrome's controls (in Spanish) over the page's own `<video controls>`,
 * which already works before this runs. It resumes where the person left (this or another device:
 * the server renders the position), saves the position every 10 s of play and when the page is
 * left (`sendBeacon`), and marks the lesson seen at 90 %.
 */
import 'media-chrome/media-controller';
import 'media-chrome/media-control-bar';
import 'media-chrome/media-play-button';
import 'media-chrome/media-seek-backward-button';
import 'media-chrome/media-seek-forward-button';
import 'media-chrome/media-time-range';
import 'media-chrome/media-mute-button';
import 'media-chrome/media-captions-button';
import 'media-chrome/media-fullscreen-button';
import 'media-chrome/lang/es';
import { setLanguage } from 'media-chrome/utils/i18n';
import { formatDuration, reachesCompletion } from '@/lib/lessons/progress';
import { markInitialPageShown, selectLesson } from '@/lib/lessons/store.client';

setLanguage('es');

const SAVE_EVERY_SECONDS = 10;

interface PlayerData {
  id: number;
  duration: number;
  resume: number;
  completed: boolean;
  saveUrl: string;
  lessons: { id: number; slug: string }[];
  mediaBase: string | null;
}

export function startPlayer(root: HTMLElement): void {
  const video = root.querySelector('video')!;
  const data = JSON.parse(root.dataset.player!) as PlayerData;
  selectLesson(data.id, data.lessons, data.mediaBase);
  markInitialPageShown();
  // media-chrome draws the controls now; the browser's own were the fallback.
  video.controls = false;
  root.querySelectorAll('[data-enhanced-hidden]').forEach((el) => el.removeAttribute('hidden'));
  // media-chrome marks its captions toggle `aria-checked` on role=button; a switch is what it is.
  root.querySelector('media-captions-button')?.setAttribute('role', 'switch');
  const clock = root.querySelector<HTMLElement>('[data-time]');
  const showTime = () =>
    clock &&
    (clock.textContent = `${formatDuration(video.currentTime)} / ${formatDuration(data.duration)}`);
  video.addEventListener('timeupdate', showTime);
  video.addEventListener('loadedmetadata', showTime);
  const rates = [...root.querySelectorAll<HTMLButtonElement>('[data-rate]')];
  for (const button of rates) {
    button.addEventListener('click', () => {
      video.playbackRate = Number(button.dataset.rate);
      for (const other of rates) other.setAttribute('aria-pressed', String(other === button));
    });
  }

  let completed = data.completed;
  let lastSaved = data.resume;
  // A JSON blob carries its own Content-Type, for fetch and for sendBeacon alike.
  const body = () =>
    new Blob(
      [
        JSON.stringify({
          position_seconds: Math.min(Math.round(video.currentTime * 10) / 10, data.duration),
          ...(completed ? { completed: true } : {}),
        }),
      ],
      { type: 'application/json' },
    );
  const save = () => {
    lastSaved = video.currentTime;
    void fetch(data.saveUrl, {
      method: 'PUT',
      body: body(),
      keepalive: true,
    })
      .then((answer) => {
        // The session ended elsewhere: the same local logout as every island (docs/spec.md §4),
        // fetched only then, as the player's 40 KB budget has no room for it.
        if (answer.status === 401)
          void import('@/lib/accounts/signed-out').then((m) => m.onUnauthorized());
      })
      .catch(() => {});
  };

  // An HLS source (a CDN through LESSONS_MEDIA_URL) plays natively in Safari; elsewhere hls.js is
  // fetched for it, and only then.
  const source = video.querySelector('source');
  if (
    source?.type === 'application/x-mpegURL' &&
    !video.canPlayType('application/vnd.apple.mpegurl')
  ) {
    void import('hls.js').then(({ default: Hls }) => {
      if (!Hls.isSupported()) return;
      const hls = new Hls();
      hls.loadSource(source.src);
      hls.attachMedia(video);
    });
  }

  const seek = () => {
    if (data.resume > 0 && data.resume < data.duration) video.currentTime = data.resume;
  };
  if (video.readyState >= 1) seek();
  else video.addEventListener('loadedmetadata', seek, { once: true });

  video.addEventListener('timeupdate', () => {
    if (!completed && reachesCompletion(video.currentTime, data.duration)) {
      completed = true;
      save();
      document.dispatchEvent(new CustomEvent('lesson:completed', { detail: { id: data.id } }));
      return;
    }
    if (Math.abs(video.currentTime - lastSaved) >= SAVE_EVERY_SECONDS) save();
  });
  video.addEventListener('pause', save);
  video.addEventListener('seeked', () => {
    if (!video.paused) return;
    save();
  });
  const leave = () => {
    if (Math.abs(video.currentTime - lastSaved) < 0.5) return;
    lastSaved = video.currentTime;
    navigator.sendBeacon(data.saveUrl, body());
  };
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
}
