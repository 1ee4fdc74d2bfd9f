import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { categoryAuditShape, type RawFinding, CATEGORY_SCORING_NOTE, scoreByCategory } from '../../lib/audit.ts';

interface Placement {
  platform: string;
  name: string;
  width: number;
  height: number;
  ratio: string;
  minWidth: number;
  minHeight: number;
  maxBytes?: number;
}

const MB = 1024 * 1024;
/** Recommended upload sizes and minimums from the platforms' current image specs (2024–2025). */
const PLACEMENTS = {
  'instagram-square': { platform: 'Instagram', name: 'Feed post, square', width: 1080, height: 1080, ratio: '1:1', minWidth: 320, minHeight: 320 },
  'instagram-portrait': { platform: 'Instagram', name: 'Feed post, portrait', width: 1080, height: 1350, ratio: '4:5', minWidth: 320, minHeight: 400 },
  'instagram-landscape': { platform: 'Instagram', name: 'Feed post, landscape', width: 1080, height: 566, ratio: '1.91:1', minWidth: 320, minHeight: 168 },
  'instagram-story': { platform: 'Instagram', name: 'Story / Reel', width: 1080, height: 1920, ratio: '9:16', minWidth: 600, minHeight: 1067 },
  'instagram-profile': { platform: 'Instagram', name: 'Profile picture', width: 320, height: 320, ratio: '1:1', minWidth: 110, minHeight: 110 },
  'facebook-feed': { platform: 'Facebook', name: 'Feed image', width: 1080, height: 1080, ratio: '1:1', minWidth: 600, minHeight: 600 },
  'facebook-link': {
    platform: 'Facebook',
    name: 'Link share image',
    width: 1200,
    height: 630,
    ratio: '1.91:1',
    minWidth: 600,
    minHeight: 315,
    maxBytes: 8 * MB,
  },
  'facebook-story': { platform: 'Facebook', name: 'Story', width: 1080, height: 1920, ratio: '9:16', minWidth: 600, minHeight: 1067 },
  'facebook-cover': { platform: 'Facebook', name: 'Page cover photo', width: 851, height: 315, ratio: '2.7:1', minWidth: 400, minHeight: 150 },
  'facebook-profile': { platform: 'Facebook', name: 'Profile picture', width: 320, height: 320, ratio: '1:1', minWidth: 180, minHeight: 180 },
  'x-post': { platform: 'X', name: 'In-stream image', width: 1600, height: 900, ratio: '16:9', minWidth: 600, minHeight: 335, maxBytes: 5 * MB },
  'x-card': { platform: 'X', name: 'summary_large_image card', width: 1200, height: 628, ratio: '1.91:1', minWidth: 300, minHeight: 157, maxBytes: 5 * MB },
  'x-header': { platform: 'X', name: 'Profile header', width: 1500, height: 500, ratio: '3:1', minWidth: 1000, minHeight: 333, maxBytes: 5 * MB },
  'x-profile': { platform: 'X', name: 'Profile picture', width: 400, height: 400, ratio: '1:1', minWidth: 200, minHeight: 200, maxBytes: 2 * MB },
  'linkedin-post': { platform: 'LinkedIn', name: 'Shared image / link', width: 1200, height: 627, ratio: '1.91:1', minWidth: 552, minHeight: 289 },
  'linkedin-post-square': { platform: 'LinkedIn', name: 'Square post image', width: 1080, height: 1080, ratio: '1:1', minWidth: 552, minHeight: 552 },
  'linkedin-company-cover': { platform: 'LinkedIn', name: 'Company page cover', width: 1128, height: 191, ratio: '5.9:1', minWidth: 1128, minHeight: 191 },
  'linkedin-profile-cover': {
    platform: 'LinkedIn',
    name: 'Personal profile background',
    width: 1584,
    height: 396,
    ratio: '4:1',
    minWidth: 1192,
    minHeight: 220,
  },
  'linkedin-profile': { platform: 'LinkedIn', name: 'Profile picture', width: 400, height: 400, ratio: '1:1', minWidth: 268, minHeight: 268 },
  'pinterest-pin': { platform: 'Pinterest', name: 'Standard pin', width: 1000, height: 1500, ratio: '2:3', minWidth: 600, minHeight: 900, maxBytes: 20 * MB },
  'youtube-thumbnail': {
    platform: 'YouTube',
    name: 'Video thumbnail',
    width: 1280,
    height: 720,
    ratio: '16:9',
    minWidth: 640,
    minHeight: 360,
    maxBytes: 2 * MB,
  },
  'youtube-banner': {
    platform: 'YouTube',
    name: 'Channel banner',
    width: 2560,
    height: 1440,
    ratio: '16:9',
    minWidth: 2048,
    minHeight: 1152,
    maxBytes: 6 * MB,
  },
  'tiktok-video': { platform: 'TikTok', name: 'Video / photo post', width: 1080, height: 1920, ratio: '9:16', minWidth: 540, minHeight: 960 },
  'open-graph': {
    platform: 'Open Graph',
    name: 'og:image (link previews)',
    width: 1200,
    height: 630,
    ratio: '1.91:1',
    minWidth: 200,
    minHeight: 200,
    maxBytes: 8 * MB,
  },
} as const satisfies Record<string, Placement>;

type PlacementId = keyof typeof PLACEMENTS;
const IDS = Object.keys(PLACEMENTS) as [PlacementId, ...PlacementId[]];
const COMMON_RATIOS: [string, number][] = [
  ['1:1', 1],
  ['4:5', 0.8],
  ['2:3', 2 / 3],
  ['9:16', 9 / 16],
  ['16:9', 16 / 9],
  ['1.91:1', 1.91],
  ['3:2', 1.5],
  ['4:3', 4 / 3],
  ['3:4', 0.75],
  ['2:1', 2],
  ['3:1', 3],
  ['4:1', 4],
];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export default defineTool({
  module: 'marketing-apis',
  slug: 'social-image-size-validator',
  cpu: 'large-input',
  title: 'Social media image size validator',
  description:
    "Checks an image's width and height (and optionally file size) against the recommended sizes, aspect ratios and " +
    'minimums of social placements: ' +
    IDS.join(', ') +
    '. For each placement: exact, ok (right ratio, at least the ' +
    'recommended size), small (right ratio, between minimum and recommended: may look soft), crop (wrong ratio: the ' +
    'platform will crop it — the largest crop of the right ratio is given) or too-small (below the minimum), with the ' +
    'deviation from the target ratio and what to resize or crop to. The ratio tolerance defaults to 2%. Without ' +
    '`placements` every placement is checked and ratio mismatches are only info findings (one image cannot fit them ' +
    'all); name the placements you use for a meaningful score. ' +
    CATEGORY_SCORING_NOTE +
    ' Categories: aspect 50, resolution 35, file 15.',
  keywords: [
    'social media image size',
    'image dimensions',
    'instagram image size',
    'og image size',
    'youtube thumbnail size',
    'aspect ratio checker',
    'linkedin banner size',
  ],
  input: () =>
    z.object({
      width: z.number().int('a whole number of pixels').min(1, 'at least 1').max(100_000, 'at most 100,000').describe('Image width in pixels'),
      height: z.number().int('a whole number of pixels').min(1, 'at least 1').max(100_000, 'at most 100,000').describe('Image height in pixels'),
      placements: z.array(z.enum(IDS)).min(1, 'at least 1 placement').optional().describe('Placements to check (default all)'),
      fileSizeBytes: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(10 * 1024 * MB, 'at most 10 GiB')
        .optional()
        .describe('File size in bytes, checked against placements that have a maximum (optional)'),
      tolerancePercent: z
        .number()
        .min(0, 'at least 0')
        .max(20, 'at most 20')
        .default(2)
        .describe('How far the aspect ratio may be from the target and still count as matching, in percent (default 2)'),
    }),
  output: () =>
    z.object({
      width: z.number().int(),
      height: z.number().int(),
      aspectRatio: z.string().describe('Reduced ratio, e.g. 16:9, or the decimal ratio : 1'),
      nearestCommonRatio: z.string(),
      results: z.array(
        z.object({
          placement: z.enum(IDS),
          platform: z.string(),
          name: z.string(),
          recommended: z.object({ width: z.number().int(), height: z.number().int(), aspectRatio: z.string() }),
          minimum: z.object({ width: z.number().int(), height: z.number().int() }),
          status: z.enum(['exact', 'ok', 'small', 'crop', 'too-small']),
          aspectDeviationPercent: z.number(),
          cropTo: z
            .object({ width: z.number().int(), height: z.number().int() })
            .nullable()
            .describe('Largest crop of the target ratio inside the image (when the ratio is off)'),
          resizeTo: z.object({ width: z.number().int(), height: z.number().int() }).nullable().describe('Recommended size to export at, when not exact'),
          fileSizeOk: z.boolean().nullable(),
          advice: z.string(),
        }),
      ),
      bestMatches: z.array(z.enum(IDS)).describe('Placements where the image is exact or ok'),
      ...categoryAuditShape,
    }),
  examples: [
    {
      title: '1200×630 link image against the link placements',
      input: { width: 1200, height: 630, placements: ['open-graph', 'facebook-link', 'x-card', 'linkedin-post'] },
      output: {
        width: 1200,
        height: 630,
        aspectRatio: '40:21',
        nearestCommonRatio: '1.91:1',
        results: [
          {
            placement: 'open-graph',
            platform: 'Open Graph',
            name: 'og:image (link previews)',
            recommended: { width: 1200, height: 630, aspectRatio: '1.91:1' },
            minimum: { width: 200, height: 200 },
            status: 'exact',
            aspectDeviationPercent: 0,
            cropTo: null,
            resizeTo: null,
            fileSizeOk: null,
            advice: 'Exactly the recommended size',
          },
          {
            placement: 'facebook-link',
            platform: 'Facebook',
            name: 'Link share image',
            recommended: { width: 1200, height: 630, aspectRatio: '1.91:1' },
            minimum: { width: 600, height: 315 },
            status: 'exact',
            aspectDeviationPercent: 0,
            cropTo: null,
            resizeTo: null,
            fileSizeOk: null,
            advice: 'Exactly the recommended size',
          },
          {
            placement: 'x-card',
            platform: 'X',
            name: 'summary_large_image card',
            recommended: { width: 1200, height: 628, aspectRatio: '1.91:1' },
            minimum: { width: 300, height: 157 },
            status: 'ok',
            aspectDeviationPercent: -0.32,
            cropTo: null,
            resizeTo: { width: 1200, height: 628 },
            fileSizeOk: null,
            advice: 'Right ratio; the platform scales it to 1200×628',
          },
          {
            placement: 'linkedin-post',
            platform: 'LinkedIn',
            name: 'Shared image / link',
            recommended: { width: 1200, height: 627, aspectRatio: '1.91:1' },
            minimum: { width: 552, height: 289 },
            status: 'ok',
            aspectDeviationPercent: -0.48,
            cropTo: null,
            resizeTo: { width: 1200, height: 627 },
            fileSizeOk: null,
            advice: 'Right ratio; the platform scales it to 1200×627',
          },
        ],
        bestMatches: ['open-graph', 'facebook-link', 'x-card', 'linkedin-post'],
        score: 100,
        scoreBreakdown: { aspect: 50, resolution: 35, file: 15 },
        findings: [],
      },
    },
    {
      title: 'a square image for a story and a YouTube thumbnail',
      input: { width: 1080, height: 1080, placements: ['instagram-story', 'youtube-thumbnail', 'instagram-square'], fileSizeBytes: 3145728 },
      output: {
        width: 1080,
        height: 1080,
        aspectRatio: '1:1',
        nearestCommonRatio: '1:1',
        results: [
          {
            placement: 'instagram-story',
            platform: 'Instagram',
            name: 'Story / Reel',
            recommended: { width: 1080, height: 1920, aspectRatio: '9:16' },
            minimum: { width: 600, height: 1067 },
            status: 'crop',
            aspectDeviationPercent: 77.78,
            cropTo: { width: 608, height: 1080 },
            resizeTo: { width: 1080, height: 1920 },
            fileSizeOk: null,
            advice: 'Ratio 1:1 differs from 9:16: crop to 608×1080 or the platform will crop it for you',
          },
          {
            placement: 'youtube-thumbnail',
            platform: 'YouTube',
            name: 'Video thumbnail',
            recommended: { width: 1280, height: 720, aspectRatio: '16:9' },
            minimum: { width: 640, height: 360 },
            status: 'crop',
            aspectDeviationPercent: -43.75,
            cropTo: { width: 1080, height: 608 },
            resizeTo: { width: 1280, height: 720 },
            fileSizeOk: false,
            advice: 'Ratio 1:1 differs from 16:9: crop to 1080×608 or the platform will crop it for you',
          },
          {
            placement: 'instagram-square',
            platform: 'Instagram',
            name: 'Feed post, square',
            recommended: { width: 1080, height: 1080, aspectRatio: '1:1' },
            minimum: { width: 320, height: 320 },
            status: 'exact',
            aspectDeviationPercent: 0,
            cropTo: null,
            resizeTo: null,
            fileSizeOk: null,
            advice: 'Exactly the recommended size',
          },
        ],
        bestMatches: ['instagram-square'],
        score: 61,
        scoreBreakdown: { aspect: 20, resolution: 35, file: 6 },
        findings: [
          {
            id: 'file-too-large-youtube-thumbnail',
            severity: 'high',
            title: 'File too large for YouTube video thumbnail',
            evidence: '3,145,728 bytes; maximum 2 MB',
            fix: 'Compress it (e.g. JPEG quality 80–85 or WebP) or reduce its dimensions',
          },
          {
            id: 'aspect-ratio-instagram-story',
            severity: 'medium',
            title: 'Wrong aspect ratio for Instagram story / reel',
            evidence: '1:1 vs 9:16 (+77.8%)',
            fix: 'Crop to 608×1080 (9:16)',
          },
          {
            id: 'aspect-ratio-youtube-thumbnail',
            severity: 'medium',
            title: 'Wrong aspect ratio for YouTube video thumbnail',
            evidence: '1:1 vs 16:9 (-43.7%)',
            fix: 'Crop to 1080×608 (16:9)',
          },
        ],
      },
    },
    {
      title: 'too small for a YouTube banner',
      input: { width: 1280, height: 720, placements: ['youtube-banner'] },
      output: {
        width: 1280,
        height: 720,
        aspectRatio: '16:9',
        nearestCommonRatio: '16:9',
        results: [
          {
            placement: 'youtube-banner',
            platform: 'YouTube',
            name: 'Channel banner',
            recommended: { width: 2560, height: 1440, aspectRatio: '16:9' },
            minimum: { width: 2048, height: 1152 },
            status: 'too-small',
            aspectDeviationPercent: 0,
            cropTo: null,
            resizeTo: { width: 2560, height: 1440 },
            fileSizeOk: null,
            advice: 'Below the 2048×1152 minimum: use a larger image (2560×1440 recommended)',
          },
        ],
        bestMatches: [],
        score: 79,
        scoreBreakdown: { aspect: 50, resolution: 14, file: 15 },
        findings: [
          {
            id: 'too-small-youtube-banner',
            severity: 'high',
            title: 'Too small for YouTube channel banner',
            evidence: '1280×720; minimum 2048×1152',
            fix: 'Use at least 2048×1152, ideally 2560×1440',
          },
        ],
      },
    },
  ],
  run: ({ width, height, placements, fileSizeBytes, tolerancePercent }) => {
    const explicit = placements !== undefined;
    const ids = [...new Set(placements ?? IDS)];
    const ratio = width / height;
    const g = gcd(width, height);
    const reduced = width / g <= 50 && height / g <= 50 ? `${width / g}:${height / g}` : `${Math.round(ratio * 100) / 100}:1`;
    const nearest = COMMON_RATIOS.reduce((best, r) => (Math.abs(Math.log(r[1] / ratio)) < Math.abs(Math.log(best[1] / ratio)) ? r : best));
    const raw: RawFinding[] = [];
    const results = ids.map((id) => {
      const p: Placement = PLACEMENTS[id];
      const target = p.width / p.height;
      const deviation = (ratio / target - 1) * 100;
      const aspectOk = Math.abs(deviation) <= tolerancePercent;
      const cropTo = aspectOk ? null : ratio > target ? { width: Math.round(height * target), height } : { width, height: Math.round(width / target) };
      const usable = cropTo ?? { width, height };
      const tooSmall = usable.width < p.minWidth || usable.height < p.minHeight;
      const exact = width === p.width && height === p.height;
      const status = tooSmall ? 'too-small' : !aspectOk ? 'crop' : exact ? 'exact' : width >= p.width && height >= p.height ? 'ok' : 'small';
      const fileSizeOk = fileSizeBytes === undefined || p.maxBytes === undefined ? null : fileSizeBytes <= p.maxBytes;
      const label = `${p.platform} ${p.name.toLowerCase()}`;
      let advice: string;
      if (status === 'exact') advice = 'Exactly the recommended size';
      else if (status === 'ok') advice = `Right ratio; the platform scales it to ${p.width}×${p.height}`;
      else if (status === 'small') advice = `Right ratio but below the recommended ${p.width}×${p.height}: export larger if you can`;
      else if (status === 'crop')
        advice = `Ratio ${reduced} differs from ${p.ratio}: crop to ${usable.width}×${usable.height}${usable.width >= p.width ? `, then resize to ${p.width}×${p.height}` : ''} or the platform will crop it for you`;
      else
        advice = `Below the ${p.minWidth}×${p.minHeight} minimum${cropTo ? ` after cropping to ${p.ratio}` : ''}: use a larger image (${p.width}×${p.height} recommended)`;
      if (status === 'too-small')
        raw.push({
          id: `too-small-${id}`,
          category: 'resolution',
          severity: explicit ? 'high' : 'low',
          title: `Too small for ${label}`,
          evidence: `${width}×${height}; minimum ${p.minWidth}×${p.minHeight}`,
          fix: `Use at least ${p.minWidth}×${p.minHeight}, ideally ${p.width}×${p.height}`,
        });
      else if (status === 'crop')
        raw.push({
          id: `aspect-ratio-${id}`,
          category: 'aspect',
          severity: explicit ? 'medium' : 'info',
          title: `Wrong aspect ratio for ${label}`,
          evidence: `${reduced} vs ${p.ratio} (${deviation > 0 ? '+' : ''}${Math.round(deviation * 10) / 10}%)`,
          fix: `Crop to ${usable.width}×${usable.height} (${p.ratio})`,
        });
      else if (status === 'small' && explicit)
        raw.push({
          id: `below-recommended-${id}`,
          category: 'resolution',
          severity: 'low',
          title: `Below the recommended size for ${label}`,
          evidence: `${width}×${height}; recommended ${p.width}×${p.height}`,
          fix: `Export at ${p.width}×${p.height}`,
        });
      if (fileSizeOk === false && p.maxBytes !== undefined)
        raw.push({
          id: `file-too-large-${id}`,
          category: 'file',
          severity: explicit ? 'high' : 'low',
          title: `File too large for ${label}`,
          evidence: `${(fileSizeBytes ?? 0).toLocaleString('en')} bytes; maximum ${(p.maxBytes / MB).toString()} MB`,
          fix: 'Compress it (e.g. JPEG quality 80–85 or WebP) or reduce its dimensions',
        });
      return {
        placement: id,
        platform: p.platform,
        name: p.name,
        recommended: { width: p.width, height: p.height, aspectRatio: p.ratio },
        minimum: { width: p.minWidth, height: p.minHeight },
        status,
        aspectDeviationPercent: Math.round(deviation * 100) / 100,
        cropTo,
        resizeTo: status === 'exact' ? null : { width: p.width, height: p.height },
        fileSizeOk,
        advice,
      } as const;
    });
    return {
      width,
      height,
      aspectRatio: reduced,
      nearestCommonRatio: nearest[0],
      results,
      bestMatches: results.filter((r) => r.status === 'exact' || r.status === 'ok').map((r) => r.placement),
      ...scoreByCategory({ aspect: 50, resolution: 35, file: 15 }, raw),
    };
  },
});
