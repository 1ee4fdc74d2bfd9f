import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { formatTimestamp } from '../../lib/timestamp.ts';

/**
 * A video id is 11 characters of URL-safe base64 encoding 64 bits, so its last character carries only 4 bits:
 * it is always one of A E I M Q U Y c g k o s w 0 4 8.
 */
const VIDEO_ID = /^[A-Za-z0-9_-]{10}[AEIMQUYcgkosw048]$/;
const PLAYLIST_ID = /^[A-Za-z0-9_-]{2,80}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const HANDLE = /^@[\p{L}\p{N}._-]{3,30}$/u;

const HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'gaming.youtube.com',
  'youtu.be',
  'www.youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

const TYPES = ['video', 'shorts', 'live', 'embed', 'playlist', 'channel', 'clip'] as const;
type UrlType = (typeof TYPES)[number];

const THUMBNAILS = [
  { name: 'default', width: 120, height: 90 },
  { name: 'mqdefault', width: 320, height: 180 },
  { name: 'hqdefault', width: 480, height: 360 },
  { name: 'sddefault', width: 640, height: 480 },
  { name: 'maxresdefault', width: 1280, height: 720 },
] as const;

const output = z.object({
  type: z.enum(TYPES).describe('What the URL points to: video (watch page or youtu.be), shorts, live, embed, playlist, channel or clip'),
  host: z.string().nullable().describe('The host as given, lower-cased (www.youtube.com, music.youtube.com, youtu.be…); null for a bare video id'),
  videoId: z.string().nullable().describe('The 11-character video id, or null'),
  playlistId: z.string().nullable().describe('The playlist id (list=), or null'),
  playlistIndex: z.number().int().nullable().describe('Position in the playlist (index=), or null'),
  startSeconds: z.number().int().nullable().describe('Start time in seconds from t= or start= (1h2m3s, 90, 90s forms), or null'),
  endSeconds: z.number().int().nullable().describe('End time in seconds (embed end=), or null'),
  startTimestamp: z.string().nullable().describe('The start time as h:mm:ss / m:ss, or null'),
  channel: z
    .object({ handle: z.string().nullable(), channelId: z.string().nullable(), customName: z.string().nullable(), username: z.string().nullable() })
    .nullable()
    .describe('For channel URLs: the @handle, UC… channel id, /c/ custom name or /user/ legacy name'),
  clipId: z.string().nullable().describe('For /clip/ URLs: the clip id (a clip has no public video id in its URL)'),
  canonicalUrl: z.string().describe('The canonical URL (https://www.youtube.com/watch?v=…, /playlist?list=…, /@handle…)'),
  watchUrl: z.string().nullable().describe('Watch URL keeping the playlist and start time'),
  shortUrl: z.string().nullable().describe('youtu.be short link with the start time'),
  embedUrl: z.string().nullable().describe('iframe src for embedding (keeps start, end and playlist)'),
  privacyEmbedUrl: z.string().nullable().describe('The same on youtube-nocookie.com (privacy-enhanced mode)'),
  thumbnails: z
    .array(z.object({ name: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }))
    .describe('Thumbnail image URLs from i.ytimg.com, smallest first (maxresdefault exists only for HD uploads)'),
});

/** `1h2m3s`, `90`, `90s`, `2m`, `1:02:03` -> seconds; undefined when malformed. */
export function parseTimestamp(raw: string): number | undefined {
  const text = raw.trim().toLowerCase();
  if (/^\d{1,7}s?$/.test(text)) return Number.parseInt(text, 10);
  const units = /^(?:(\d{1,4})h)?(?:(\d{1,5})m)?(?:(\d{1,7})s)?$/.exec(text);
  if (units && text !== '') return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  const clock = /^(?:(\d{1,4}):)?(\d{1,2}):(\d{2})$/.exec(text);
  if (clock && Number(clock[3]) < 60 && (clock[1] === undefined || Number(clock[2]) < 60)) {
    return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  }
  return undefined;
}

function checkVideoId(id: string): string {
  if (!VIDEO_ID.test(id)) {
    throw invalidField(
      'url',
      `"${id.slice(0, 40)}" is not a valid YouTube video id (11 characters of A–Z, a–z, 0–9, _ and -, ending in one of AEIMQUYcgkosw048)`,
    );
  }
  return id;
}

interface Parsed {
  type: UrlType;
  videoId: string | null;
  playlistId: string | null;
  clipId: string | null;
  channel: { handle: string | null; channelId: string | null; customName: string | null; username: string | null } | null;
}

function parsePath(host: string, segments: string[], params: URLSearchParams): Parsed {
  const none = { videoId: null, playlistId: null, clipId: null, channel: null };
  const [first = '', second = ''] = segments;
  if (host.endsWith('youtu.be')) {
    if (!first) throw invalidField('url', 'a youtu.be link needs a video id: https://youtu.be/<id>');
    return { ...none, type: 'video', videoId: checkVideoId(first) };
  }
  switch (first) {
    case '':
    case 'watch': {
      const v = params.get('v');
      if (v) return { ...none, type: 'video', videoId: checkVideoId(v) };
      if (params.get('list')) return { ...none, type: 'playlist' };
      throw invalidField('url', 'a watch URL needs a v= video id (https://www.youtube.com/watch?v=<id>)');
    }
    case 'shorts':
    case 'live':
    case 'v':
    case 'e':
    case 'embed': {
      if (first === 'embed' && second === 'videoseries') return { ...none, type: 'playlist' };
      if (!second) throw invalidField('url', `/${first}/ needs a video id after it`);
      const type: UrlType = first === 'shorts' ? 'shorts' : first === 'live' ? 'live' : first === 'embed' ? 'embed' : 'video';
      return { ...none, type, videoId: checkVideoId(second) };
    }
    case 'playlist':
      if (!params.get('list')) throw invalidField('url', 'a playlist URL needs a list= playlist id');
      return { ...none, type: 'playlist' };
    case 'clip':
      if (!/^[A-Za-z0-9_-]{10,64}$/.test(second)) throw invalidField('url', 'a /clip/ URL needs a clip id');
      return { ...none, type: 'clip', clipId: second };
    case 'channel':
      if (!CHANNEL_ID.test(second)) throw invalidField('url', 'a /channel/ URL needs a channel id: UC followed by 22 characters');
      return { ...none, type: 'channel', channel: { handle: null, channelId: second, customName: null, username: null } };
    case 'c':
    case 'user':
      if (!/^[\p{L}\p{N}._-]{1,100}$/u.test(second)) throw invalidField('url', `a /${first}/ URL needs a channel name`);
      return {
        ...none,
        type: 'channel',
        channel: { handle: null, channelId: null, customName: first === 'c' ? second : null, username: first === 'user' ? second : null },
      };
    default:
      if (first.startsWith('@')) {
        if (!HANDLE.test(first)) throw invalidField('url', `"${first.slice(0, 40)}" is not a valid @handle (3–30 letters, digits, dot, _ or -)`);
        return { ...none, type: 'channel', channel: { handle: first, channelId: null, customName: null, username: null } };
      }
      throw invalidField(
        'url',
        `unrecognised YouTube path "/${segments.join('/').slice(0, 60)}"; expected /watch?v=, youtu.be/, /shorts/, /embed/, /live/, /playlist?list=, /clip/, /@handle or /channel/`,
      );
  }
}

/** The thumbnails of the examples' video dQw4w9WgXcQ (i.ytimg.com names and sizes). */
const EXAMPLE_THUMBNAILS = [
  { name: 'default', url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg', width: 120, height: 90 },
  { name: 'mqdefault', url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg', width: 320, height: 180 },
  { name: 'hqdefault', url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', width: 480, height: 360 },
  { name: 'sddefault', url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/sddefault.jpg', width: 640, height: 480 },
  { name: 'maxresdefault', url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg', width: 1280, height: 720 },
];

export default defineTool({
  module: 'youtube-tools',
  slug: 'youtube-url-parser',
  title: 'YouTube URL parser',
  description:
    'Parses any YouTube link — watch, youtu.be, Shorts, embed, live, playlist, clip, channel (@handle, /channel/, /c/, /user/), ' +
    'music.youtube.com, m.youtube.com and youtube-nocookie.com — or a bare 11-character video id. Returns the video id (validated), ' +
    'playlist id and index, start time from t=1h2m3s / t=90 / start= forms, the canonical, watch, short and embed URLs, and thumbnail URLs. ' +
    'Offline: nothing is fetched, so it does not tell whether the video exists.',
  keywords: ['youtube', 'url parser', 'video id', 'extract video id', 'youtu.be', 'embed url', 'thumbnail url', 'timestamp'],
  input: () =>
    z.object({
      url: z
        .string()
        .trim()
        .min(1, 'a YouTube URL or video id')
        .max(2048, 'at most 2048 characters')
        .describe('A YouTube URL (any form) or an 11-character video id'),
    }),
  output: () => output,
  examples: [
    {
      title: 'short link with a 1h2m3s timestamp',
      input: { url: 'https://youtu.be/dQw4w9WgXcQ?t=1h2m3s' },
      output: {
        type: 'video',
        host: 'youtu.be',
        videoId: 'dQw4w9WgXcQ',
        playlistId: null,
        playlistIndex: null,
        startSeconds: 3723,
        endSeconds: null,
        startTimestamp: '1:02:03',
        channel: null,
        clipId: null,
        canonicalUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3723s',
        shortUrl: 'https://youtu.be/dQw4w9WgXcQ?t=3723',
        embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ?start=3723',
        privacyEmbedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=3723',
        thumbnails: EXAMPLE_THUMBNAILS,
      },
    },
    {
      title: 'music.youtube.com watch URL inside a playlist',
      input: { url: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&index=4' },
      output: {
        type: 'video',
        host: 'music.youtube.com',
        videoId: 'dQw4w9WgXcQ',
        playlistId: 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
        playlistIndex: 4,
        startSeconds: null,
        endSeconds: null,
        startTimestamp: null,
        channel: null,
        clipId: null,
        canonicalUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI&index=4',
        shortUrl: 'https://youtu.be/dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
        privacyEmbedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
        thumbnails: EXAMPLE_THUMBNAILS,
      },
    },
    {
      title: 'playlist page',
      input: { url: 'youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI' },
      output: {
        type: 'playlist',
        host: 'youtube.com',
        videoId: null,
        playlistId: 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
        playlistIndex: null,
        startSeconds: null,
        endSeconds: null,
        startTimestamp: null,
        channel: null,
        clipId: null,
        canonicalUrl: 'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
        watchUrl: null,
        shortUrl: null,
        embedUrl: 'https://www.youtube.com/embed/videoseries?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
        privacyEmbedUrl: 'https://www.youtube-nocookie.com/embed/videoseries?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
        thumbnails: [],
      },
    },
  ],
  run: ({ url }, ctx) => {
    if (VIDEO_ID.test(url)) return summarize('video', null, bare(url), new URLSearchParams(), '', ctx.warn);
    let parsed: URL;
    try {
      parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    } catch {
      throw invalidField('url', 'not a URL or an 11-character video id');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalidField('url', 'only http(s) YouTube URLs are parsed');
    const host = parsed.hostname.toLowerCase();
    if (!HOSTS.has(host))
      throw invalidField('url', `"${host}" is not a YouTube host (youtube.com, m.youtube.com, music.youtube.com, youtu.be, youtube-nocookie.com)`);
    let segments: string[];
    try {
      segments = parsed.pathname
        .split('/')
        .filter(Boolean)
        .map((s) => decodeURIComponent(s));
    } catch {
      throw invalidField('url', 'the path has a malformed %-escape');
    }
    const fragment = new URLSearchParams(parsed.hash.replace(/^#/, ''));
    const info = parsePath(host, segments, parsed.searchParams);
    return summarize(info.type, host, info, parsed.searchParams, fragment.get('t') ?? '', ctx.warn);
  },
});

function bare(id: string): Parsed {
  return { type: 'video', videoId: id, playlistId: null, clipId: null, channel: null };
}

function summarize(
  type: UrlType,
  host: string | null,
  info: Parsed,
  params: URLSearchParams,
  fragmentT: string,
  warn: (m: string) => void,
): z.input<typeof output> {
  const list = params.get('list');
  if (list !== null && !PLAYLIST_ID.test(list)) throw invalidField('url', `list= "${list.slice(0, 40)}" is not a valid playlist id`);
  const playlistId = list;
  const indexRaw = params.get('index');
  const playlistIndex = indexRaw !== null && /^\d{1,6}$/.test(indexRaw) ? Number(indexRaw) : null;
  if (indexRaw !== null && playlistIndex === null) warn(`index= "${indexRaw.slice(0, 20)}" ignored: not a whole number`);

  const time = (name: string, raw: string | null): number | null => {
    if (raw === null || raw === '') return null;
    const seconds = parseTimestamp(raw);
    if (seconds === undefined) warn(`${name}= "${raw.slice(0, 20)}" ignored: not a timestamp like 90, 90s or 1h2m3s`);
    return seconds ?? null;
  };
  const startSeconds = time('t', params.get('t')) ?? time('start', params.get('start')) ?? time('t', fragmentT || null);
  const endSeconds = time('end', params.get('end'));

  const { videoId } = info;
  const canonicalUrl = videoId
    ? `https://www.youtube.com/watch?v=${videoId}`
    : type === 'playlist'
      ? `https://www.youtube.com/playlist?list=${playlistId ?? ''}`
      : type === 'clip'
        ? `https://www.youtube.com/clip/${info.clipId ?? ''}`
        : info.channel?.handle
          ? `https://www.youtube.com/${info.channel.handle}`
          : info.channel?.channelId
            ? `https://www.youtube.com/channel/${info.channel.channelId}`
            : info.channel?.customName
              ? `https://www.youtube.com/c/${info.channel.customName}`
              : `https://www.youtube.com/user/${info.channel?.username ?? ''}`;

  const query = (pairs: [string, string | number | null][]): string => {
    const kept = pairs.filter((p): p is [string, string | number] => p[1] !== null);
    return kept.length ? `?${kept.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
  };
  const watchUrl = videoId
    ? `https://www.youtube.com/watch${query([
        ['v', videoId],
        ['list', playlistId],
        ['index', playlistIndex],
        ['t', startSeconds === null ? null : `${startSeconds}s`],
      ])}`
    : null;
  const shortUrl = videoId ? `https://youtu.be/${videoId}${query([['t', startSeconds]])}` : null;
  const embedPath = videoId ? videoId : type === 'playlist' ? 'videoseries' : null;
  const embedQuery = query([
    ['list', playlistId],
    ['start', startSeconds],
    ['end', endSeconds],
  ]);
  return {
    type,
    host,
    videoId,
    playlistId,
    playlistIndex,
    startSeconds,
    endSeconds,
    startTimestamp: startSeconds === null ? null : formatTimestamp(startSeconds),
    channel: info.channel,
    clipId: info.clipId,
    canonicalUrl,
    watchUrl,
    shortUrl,
    embedUrl: embedPath ? `https://www.youtube.com/embed/${embedPath}${embedQuery}` : null,
    privacyEmbedUrl: embedPath ? `https://www.youtube-nocookie.com/embed/${embedPath}${embedQuery}` : null,
    thumbnails: videoId ? THUMBNAILS.map((t) => ({ ...t, url: `https://i.ytimg.com/vi/${videoId}/${t.name}.jpg` })) : [],
  };
}
