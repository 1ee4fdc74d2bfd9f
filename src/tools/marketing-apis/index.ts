import type { AnyTool } from '../../registry/define-tool.ts';
import abTestSampleSizeCalculator from './ab-test-sample-size-calculator.ts';
import abTestSignificanceCalculator from './ab-test-significance-calculator.ts';
import adsCopyCounter from './ads-copy-counter.ts';
import adsUtmBuilder from './ads-utm-builder.ts';
import aiAdHeadlineVariants from './ai-ad-headline-variants.ts';
import aiEmailSubjectVariants from './ai-email-subject-variants.ts';
import cacCalculator from './cac-calculator.ts';
import cpaCalculator from './cpa-calculator.ts';
import cpcCalculator from './cpc-calculator.ts';
import cpmCalculator from './cpm-calculator.ts';
import ctrCalculator from './ctr-calculator.ts';
import emailLinkExtractor from './email-link-extractor.ts';
import emailSpamWordChecker from './email-spam-word-checker.ts';
import emailSubjectLineTester from './email-subject-line-tester.ts';
import emailUnsubscribeChecker from './email-unsubscribe-checker.ts';
import engagementRateCalculator from './engagement-rate-calculator.ts';
import googleAdsRsaPreview from './google-ads-rsa-preview.ts';
import qrCodeGenerator from './qr-code-generator.ts';
import roasCalculator from './roas-calculator.ts';
import socialCaptionCounter from './social-caption-counter.ts';
import socialImageSizeValidator from './social-image-size-validator.ts';
import { marketingUrlTools } from './url-checks.ts';
import utmBuilder from './utm-builder.ts';
import utmBulkBuilder from './utm-bulk-builder.ts';
import utmNamingConventionChecker from './utm-naming-convention-checker.ts';
import utmParser from './utm-parser.ts';

/**
 * In the order the catalog lists them. The three `GET ?url` page tools (landing-page-cta-finder, form-field-inventory,
 * marketing-tag-extractor) come first in the catalog; they are listed in url-checks.ts by their own change.
 */
export const marketingApisTools: AnyTool[] = [
  ...marketingUrlTools,
  utmBuilder,
  utmParser,
  adsUtmBuilder,
  qrCodeGenerator,
  adsCopyCounter,
  googleAdsRsaPreview,
  emailSubjectLineTester,
  emailSpamWordChecker,
  roasCalculator,
  cpcCalculator,
  ctrCalculator,
  cpaCalculator,
  cacCalculator,
  utmBulkBuilder,
  utmNamingConventionChecker,
  emailLinkExtractor,
  emailUnsubscribeChecker,
  socialCaptionCounter,
  socialImageSizeValidator,
  engagementRateCalculator,
  cpmCalculator,
  abTestSampleSizeCalculator,
  abTestSignificanceCalculator,
  aiAdHeadlineVariants,
  aiEmailSubjectVariants,
];
