/**
 * Video → a browser-playable rendition and a poster frame with Debian's ffmpeg (issue 14 "Video";
 * spec 001 §2 "One video list uses the original path, another list uses the converted path", §9
 * video suffixes).
 *
 * ffprobe reads the container and codecs first. A file browsers play as it is (MP4/WebM/Ogg with
 * H.264 8-bit 4:2:0, VP8, VP9, AV1 or Theora video and AAC, MP3, Opus, Vorbis or FLAC audio) keeps its
 * original and gets only `poster.jpg`. Everything else (wmv, avi, mkv, mov, rmvb, flv, 3gp, mpg, an
 * HEVC or ProRes MP4…) is transcoded to H.264 + AAC MP4 with the moov atom first (`+faststart`),
 * capped at 1080p (long side ≤ 1920, short side ≤ 1080, never enlarged), with live progress parsed
 * from ffmpeg's own `-progress` output, then gets its poster.
 */
import { execFile } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { runTool, type IsolatedOptions } from '../run-isolated.ts';
import { ConversionError, type ConvertRequest } from '../types.ts';

const run = promisify(execFile);
const ffmpegBin = () => process.env.FFMPEG_BIN ?? 'ffmpeg';
const ffprobeBin = () => process.env.FFPROBE_BIN ?? 'ffprobe';

/** What ffprobe tells about a video (seconds, pixels; codec names as ffprobe spells them). */
export interface VideoProbe {
  formatName: string;
  duration: number;
  video: { codec: string; width: number; height: number; pixFmt: string } | null;
  audio: { codec: string } | null;
}

/** The encoder settings shared by the product and the benchmark's bare ffmpeg run (`-i` input first). */
export function transcodeArgs(input: string, output: string, probe: VideoProbe): string[] {
  const landscape = (probe.video?.width ?? 0) >= (probe.video?.height ?? 0);
  const [maxW, maxH] = landscape ? [1920, 1080] : [1080, 1920];
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    `scale=w='min(${maxW},iw)':h='min(${maxH},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** Read container and first video/audio stream with ffprobe. @throws ConversionError when unreadable. */
export async function probeVideo(file: string): Promise<VideoProbe> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      ffprobeBin(),
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
    ));
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new ConversionError('视频转换工具 ffmpeg 暂不可用，稍后自动重试', true);
    const why =
      (e.stderr ?? '')
        .trim()
        .split('\n')
        .at(-1)
        ?.replace(/^.*?:\s*/, '') ?? '';
    throw new ConversionError(`视频文件无法解析${why ? `：${why.slice(0, 160)}` : ''}`);
  }
  const data = JSON.parse(stdout) as {
    format?: { format_name?: string; duration?: string };
    streams?: {
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      pix_fmt?: string;
      disposition?: { attached_pic?: number };
    }[];
  };
  const streams = data.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const a = streams.find((s) => s.codec_type === 'audio');
  return {
    formatName: data.format?.format_name ?? '',
    duration: Number(data.format?.duration) || 0,
    video: v
      ? { codec: v.codec_name ?? '', width: v.width ?? 0, height: v.height ?? 0, pixFmt: v.pix_fmt ?? '' }
      : null,
    audio: a ? { codec: a.codec_name ?? '' } : null,
  };
}

const NATIVE_VIDEO = new Set(['vp8', 'vp9', 'av1', 'theora']);
const NATIVE_AUDIO = new Set(['aac', 'mp3', 'opus', 'vorbis', 'flac']);

/** Whether browsers play the file as it is (see module doc); `suffix` is the user's suffix. */
export function playsNatively(suffix: string, p: VideoProbe): boolean {
  if (!['mp4', 'webm', 'ogg', 'ogv', 'm4v'].includes(suffix) || !p.video) return false;
  const container = /mp4|webm|matroska|ogg/.test(p.formatName);
  const video =
    NATIVE_VIDEO.has(p.video.codec) || (p.video.codec === 'h264' && /^yuvj?420p$/.test(p.video.pixFmt));
  const audio = !p.audio || NATIVE_AUDIO.has(p.audio.codec);
  return container && video && audio;
}

/** Parse ffmpeg `-progress` output: the last `out_time_us` (microseconds) in a chunk, or null. */
export function progressSeconds(chunk: string): number | null {
  let last: number | null = null;
  for (const m of chunk.matchAll(/^out_time_(?:us|ms)=(\d+)$/gm)) last = Number(m[1]) / 1e6;
  return last;
}

const ffmpeg = (args: string[], limits: IsolatedOptions) =>
  runTool(ffmpegBin(), args, limits, { tool: '视频转换工具 ffmpeg ', failPrefix: '视频转码失败' });

/** Take a poster frame (JPEG, at most 1280 px wide) about 10% into the video (≤ 1 s). */
async function writePoster(input: string, output: string, duration: number, limits: IsolatedOptions) {
  const at = Math.min(1, duration * 0.1);
  const args = (seek: number) => [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-ss',
    seek.toFixed(2),
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    "scale=w='min(1280,iw)':h=-2",
    '-q:v',
    '3',
    output,
  ];
  await ffmpeg(args(at), limits);
  if (!(await stat(output).catch(() => null))?.size) await ffmpeg(args(0), limits);
  if (!(await stat(output).catch(() => null))?.size) throw new ConversionError('视频中没有可显示的画面');
}

/**
 * Convert (or only probe) one video. `outputPath` is where the transcoded MP4 goes; the poster goes
 * beside it as `poster.jpg`.
 * @returns `{ transcoded, derivedPath, duration, width, height, videoCodec, audioCodec }` — when the
 * original plays natively `transcoded` is false and `derivedPath` is the poster.
 * @throws ConversionError (unreadable or no video: not retried; ffmpeg missing: retried; limits).
 */
export async function videoToMp4(req: ConvertRequest, outputPath: string) {
  const probe = await probeVideo(req.inputPath);
  if (!probe.video) throw new ConversionError('视频文件中没有视频画面');
  req.onProgress?.(3);
  // Resident-memory limit only: an address-space cap (ulimit -v) starves x264 of worker threads.
  const limits: IsolatedOptions = { timeoutMs: req.timeoutMs, memoryMb: req.memoryMb };
  const poster = path.join(path.dirname(outputPath), 'poster.jpg');
  const figures = {
    duration: Math.round(probe.duration * 100) / 100,
    width: probe.video.width,
    height: probe.video.height,
    videoCodec: probe.video.codec,
    audioCodec: probe.audio?.codec ?? null,
  };
  if (playsNatively(req.suffix, probe)) {
    await writePoster(req.inputPath, poster, probe.duration, limits);
    return { ...figures, transcoded: false, derivedPath: poster };
  }
  const args = transcodeArgs(req.inputPath, outputPath, probe);
  args.splice(args.length - 1, 0, '-progress', 'pipe:1', '-nostats');
  // The poster is taken from the original while the transcode runs (one frame; it adds no wait).
  const posterDone = writePoster(req.inputPath, poster, probe.duration, limits).then(
    () => null,
    (err: unknown) => err,
  );
  try {
    await ffmpeg(args, {
      ...limits,
      onStdout: (chunk) => {
        const s = progressSeconds(chunk);
        if (s !== null && probe.duration > 0) req.onProgress?.(5 + Math.min(1, s / probe.duration) * 88);
      },
    });
  } catch (err) {
    await posterDone;
    await rm(outputPath, { force: true });
    throw err;
  }
  // A poster the original would not give (an odd codec seeks badly) is taken from the MP4 instead.
  if (await posterDone) await writePoster(outputPath, poster, probe.duration, limits);
  return { ...figures, transcoded: true, derivedPath: outputPath };
}
