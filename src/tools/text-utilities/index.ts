import type { AnyTool } from '../../registry/define-tool.ts';
import commaSeparate from './comma-separate.ts';
import compareTexts from './compare-texts.ts';
import convertToHashtags from './convert-to-hashtags.ts';
import convertToSlug from './convert-to-slug.ts';
import convertToXmlTags from './convert-to-xml-tags.ts';
import dummyTextGenerator from './dummy-text-generator.ts';
import numberToWords from './number-to-words.ts';
import randomWordGenerator from './random-word-generator.ts';
import removeLineBreaks from './remove-line-breaks.ts';
import removeSpaces from './remove-spaces.ts';
import repeatText from './repeat-text.ts';
import reverseText from './reverse-text.ts';
import sortLines from './sort-lines.ts';
import sortWords from './sort-words.ts';
import textCaseConverter from './text-case-converter.ts';
import textStats from './text-stats.ts';
import wordsToNumber from './words-to-number.ts';

/** In the order the catalog lists them. */
export const textUtilitiesTools: AnyTool[] = [
  textCaseConverter,
  reverseText,
  removeSpaces,
  removeLineBreaks,
  convertToSlug,
  convertToHashtags,
  commaSeparate,
  sortWords,
  sortLines,
  repeatText,
  dummyTextGenerator,
  randomWordGenerator,
  numberToWords,
  wordsToNumber,
  compareTexts,
  textStats,
  convertToXmlTags,
];
