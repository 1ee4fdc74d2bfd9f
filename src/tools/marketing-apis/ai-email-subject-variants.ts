import { z } from 'zod';
import { graphemes } from '../../lib/graphemes.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { findSpamPhrases } from './spam-words.ts';
import { capitalise, fill, type Template } from './templates.ts';

const TEMPLATES: (Template & { emoji: string })[] = [
  { id: 'announce-topic', angle: 'announcement', text: '{Topic} is here', emoji: '✨' },
  { id: 'personal-topic', angle: 'personal', text: '{token}, {topic} is here', emoji: '✨' },
  { id: 'benefit-with-product', angle: 'benefit', text: '{Benefit} with {product}', emoji: '🚀' },
  { id: 'question-benefit', angle: 'question', text: 'Want to {benefit}?', emoji: '🤔' },
  { id: 'offer-product', angle: 'offer', text: '{Offer} on {product}', emoji: '🎉' },
  { id: 'deadline-offer', angle: 'urgency', text: '{Offer} ends {deadline}', emoji: '⏰' },
  { id: 'how-to-benefit', angle: 'how-to', text: 'How to {benefit}', emoji: '💡' },
  { id: 'audience-topic', angle: 'audience', text: 'For {audience}: {topic}', emoji: '👋' },
  { id: 'new-topic', angle: 'announcement', text: 'New: {topic}', emoji: '🆕' },
  { id: 'personal-benefit', angle: 'personal', text: '{token}, ready to {benefit}?', emoji: '👋' },
  { id: 'list-benefit', angle: 'list', text: '3 ways to {benefit}', emoji: '📋' },
  { id: 'introducing-product', angle: 'announcement', text: 'Introducing {product}', emoji: '✨' },
  { id: 'brand-topic', angle: 'brand', text: '{brand}: {topic}', emoji: '📣' },
  { id: 'deadline-topic', angle: 'urgency', text: '{Topic} ends {deadline}', emoji: '⏰' },
  { id: 'offer-inside', angle: 'offer', text: 'Your {offer} is inside', emoji: '🎁' },
  { id: 'better-way', angle: 'curiosity', text: 'A better way to {benefit}', emoji: '💡' },
  { id: 'question-topic', angle: 'question', text: 'Have you seen {topic}?', emoji: '👀' },
];

const value = (description: string) => z.string().max(120, 'at most 120 characters').optional().describe(description);

export default defineTool({
  module: 'marketing-apis',
  slug: 'ai-email-subject-variants',
  title: 'E-mail subject line variants (deterministic templates, not an LLM)',
  description:
    'Generates e-mail subject line variants from proven templates — NOT a language model: the same input always gives the ' +
    `same subjects. ${TEMPLATES.length} templates cover announcement, benefit, question, offer, urgency (needs a deadline), how-to, ` +
    'list, audience, personal (needs a personalization token such as {{first_name}}) and curiosity angles; a template ' +
    'is used only when you gave the fields it needs. Subjects are sentence case, at most maxLength user-perceived ' +
    'characters (default 60, what desktop inboxes show; mobileFriendly marks those within 40), optionally with one ' +
    'emoji in front, and checked against the spam-phrase list of email-spam-word-checker: variants without spam phrases ' +
    'come first, flagged ones after.',
  keywords: ['subject line generator', 'email subject ideas', 'subject line variants', 'email a/b test', 'newsletter subject', 'email marketing'],
  input: () =>
    z.object({
      topic: z.string().trim().min(1, 'is required').max(120, 'at most 120 characters').describe('What the e-mail is about, e.g. "our spring collection"'),
      product: value('Product or service name (optional)'),
      benefit: value('Main benefit as a verb phrase, e.g. "save 5 hours a week" (optional)'),
      offer: value('Offer, e.g. "20% off" (optional)'),
      deadline: value('When the offer ends, e.g. "Friday" or "at midnight" (optional; enables urgency subjects)'),
      audience: value('Who it is for, e.g. "new customers" (optional)'),
      brand: value('Brand or sender name (optional)'),
      personalizationToken: z
        .string()
        .max(60, 'at most 60 characters')
        .optional()
        .describe('Merge tag to personalise with, e.g. {{first_name}} or *|FNAME|* (optional)'),
      includeEmoji: z.boolean().default(false).describe('Start each subject with one fitting emoji (default false)'),
      maxLength: z
        .number()
        .int('a whole number')
        .min(15, 'at least 15')
        .max(150, 'at most 150')
        .default(60)
        .describe('Longest subject in user-perceived characters (default 60)'),
      count: z.number().int('a whole number').min(1, 'at least 1').max(30, 'at most 30').default(10).describe('How many subjects at most (1–30, default 10)'),
    }),
  output: () =>
    z.object({
      variants: z.array(
        z.object({
          text: z.string(),
          characters: z.number().int(),
          mobileFriendly: z.boolean().describe('At most 40 characters, so mobile inboxes show it whole'),
          angle: z.string(),
          template: z.string(),
          spamPhrases: z.array(z.string()),
        }),
      ),
      maxLength: z.number().int(),
      skippedTooLong: z.number().int(),
      generator: z.literal('deterministic-templates').describe('Always "deterministic-templates": no language model is involved'),
    }),
  examples: [
    {
      title: 'a product launch with an offer and a deadline',
      input: { topic: 'the spring collection', product: 'linen shirts', offer: '20% off', deadline: 'Friday', benefit: 'stay cool all summer', count: 6 },
      output: {
        variants: [
          {
            text: 'The spring collection is here',
            characters: 29,
            mobileFriendly: true,
            angle: 'announcement',
            template: 'announce-topic',
            spamPhrases: [],
          },
          {
            text: 'Stay cool all summer with linen shirts',
            characters: 38,
            mobileFriendly: true,
            angle: 'benefit',
            template: 'benefit-with-product',
            spamPhrases: [],
          },
          {
            text: 'Want to stay cool all summer?',
            characters: 29,
            mobileFriendly: true,
            angle: 'question',
            template: 'question-benefit',
            spamPhrases: [],
          },
          { text: '20% off on linen shirts', characters: 23, mobileFriendly: true, angle: 'offer', template: 'offer-product', spamPhrases: [] },
          { text: '20% off ends Friday', characters: 19, mobileFriendly: true, angle: 'urgency', template: 'deadline-offer', spamPhrases: [] },
          { text: 'How to stay cool all summer', characters: 27, mobileFriendly: true, angle: 'how-to', template: 'how-to-benefit', spamPhrases: [] },
        ],
        maxLength: 60,
        skippedTooLong: 0,
        generator: 'deterministic-templates',
      },
    },
    {
      title: 'personalised, with emoji',
      input: { topic: 'your March report', benefit: 'see what worked', personalizationToken: '{{first_name}}', includeEmoji: true, count: 4 },
      output: {
        variants: [
          {
            text: '✨ Your March report is here',
            characters: 27,
            mobileFriendly: true,
            angle: 'announcement',
            template: 'announce-topic',
            spamPhrases: [],
          },
          {
            text: '✨ {{first_name}}, your March report is here',
            characters: 43,
            mobileFriendly: false,
            angle: 'personal',
            template: 'personal-topic',
            spamPhrases: [],
          },
          {
            text: '🤔 Want to see what worked?',
            characters: 26,
            mobileFriendly: true,
            angle: 'question',
            template: 'question-benefit',
            spamPhrases: [],
          },
          { text: '💡 How to see what worked', characters: 24, mobileFriendly: true, angle: 'how-to', template: 'how-to-benefit', spamPhrases: [] },
        ],
        maxLength: 60,
        skippedTooLong: 0,
        generator: 'deterministic-templates',
      },
    },
  ],
  run: (input, ctx) => {
    const values = {
      topic: input.topic,
      product: input.product,
      benefit: input.benefit,
      offer: input.offer,
      deadline: input.deadline,
      audience: input.audience,
      brand: input.brand,
      token: input.personalizationToken,
    };
    const clean: { text: string; characters: number; mobileFriendly: boolean; angle: string; template: string; spamPhrases: string[] }[] = [];
    const flagged: typeof clean = [];
    const seen = new Set<string>();
    let skippedTooLong = 0;
    for (const t of TEMPLATES) {
      const filled = fill(t.text, values);
      if (filled === null) continue;
      const sentence = capitalise(filled);
      const text = input.includeEmoji ? `${t.emoji} ${sentence}` : sentence;
      if (seen.has(text.toLowerCase())) continue;
      const characters = graphemes(text).length;
      if (characters > input.maxLength) {
        skippedTooLong++;
        continue;
      }
      seen.add(text.toLowerCase());
      const spamPhrases = [...new Set(findSpamPhrases(text).map((m) => m.phrase))];
      (spamPhrases.length === 0 ? clean : flagged).push({ text, characters, mobileFriendly: characters <= 40, angle: t.angle, template: t.id, spamPhrases });
    }
    const variants = [...clean, ...flagged].slice(0, input.count);
    if (variants.length < input.count)
      ctx.warn(
        `only ${variants.length} subject${variants.length === 1 ? '' : 's'} fit: give more fields (product, benefit, offer, deadline, audience, brand, personalizationToken) or raise maxLength`,
      );
    return { variants, maxLength: input.maxLength, skippedTooLong, generator: 'deterministic-templates' as const };
  },
});
