import { describe, expect, it } from 'vitest';
import { playsNatively, progressSeconds, transcodeArgs, type VideoProbe } from './video-to-mp4.ts';

const probe = (over: Partial<VideoProbe> & { codec?: string; pixFmt?: string } = {}): VideoProbe => ({
  formatName: over.formatName ?? 'mov,mp4,m4a,3gp,3g2,mj2',
  duration: 8,
  video: { codec: over.codec ?? 'h264', width: 1280, height: 720, pixFmt: over.pixFmt ?? 'yuv420p' },
  audio: over.audio === undefined ? { codec: 'aac' } : over.audio,
});

describe('playsNatively', () => {
  it('keeps an H.264/AAC MP4 and a VP9/Opus WebM as they are', () => {
    expect(playsNatively('mp4', probe())).toBe(true);
    expect(
      playsNatively('webm', probe({ formatName: 'matroska,webm', codec: 'vp9', audio: { codec: 'opus' } })),
    ).toBe(true);
    expect(playsNatively('mp4', probe({ audio: null }))).toBe(true);
  });
  it('transcodes HEVC, ProRes, 10-bit H.264, AC-3 audio and every non-web container', () => {
    expect(playsNatively('mp4', probe({ codec: 'hevc' }))).toBe(false);
    expect(playsNatively('mov', probe({ codec: 'prores' }))).toBe(false);
    expect(playsNatively('mp4', probe({ pixFmt: 'yuv420p10le' }))).toBe(false);
    expect(playsNatively('mp4', probe({ audio: { codec: 'ac3' } }))).toBe(false);
    expect(playsNatively('avi', probe({ formatName: 'avi' }))).toBe(false);
    expect(playsNatively('mkv', probe({ formatName: 'matroska,webm' }))).toBe(false);
  });
});

describe('progressSeconds', () => {
  it('reads the last out_time_us of a -progress chunk in seconds', () => {
    const chunk =
      'frame=10\nout_time_us=1000000\nprogress=continue\nframe=20\nout_time_us=2500000\nprogress=continue\n';
    expect(progressSeconds(chunk)).toBe(2.5);
    expect(progressSeconds('frame=1\nprogress=continue\n')).toBeNull();
  });
});

describe('transcodeArgs', () => {
  it('caps landscape at 1920×1080 and portrait at 1080×1920, H.264 + AAC with faststart', () => {
    const land = transcodeArgs('in.avi', 'out.mp4', probe()).join(' ');
    expect(land).toContain("scale=w='min(1920,iw)':h='min(1080,ih)'");
    expect(land).toContain('-c:v libx264');
    expect(land).toContain('-c:a aac');
    expect(land).toContain('-movflags +faststart');
    const tall: VideoProbe = {
      ...probe(),
      video: { codec: 'h264', width: 1080, height: 1920, pixFmt: 'yuv420p' },
    };
    expect(transcodeArgs('in.mov', 'out.mp4', tall).join(' ')).toContain(
      "scale=w='min(1080,iw)':h='min(1920,ih)'",
    );
  });
});
