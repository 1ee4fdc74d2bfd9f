import type { AnyTool } from '../../registry/define-tool.ts';
import { securityUrlTools } from './url-checks.ts';
import bcryptHashGenerator from './bcrypt-hash-generator.ts';
import cspPolicyEvaluator from './csp-policy-evaluator.ts';
import hashGenerator from './hash-generator.ts';
import hmacGenerator from './hmac-generator.ts';
import jwtDecoder from './jwt-decoder.ts';
import jwtSignatureVerifier from './jwt-signature-verifier.ts';
import passwordStrengthChecker from './password-strength-checker.ts';
import secretLeakScanner from './secret-leak-scanner.ts';
import securePasswordGenerator from './secure-password-generator.ts';
import webhookSignatureVerifier from './webhook-signature-verifier.ts';

/**
 * The JSON tools of the module, in the order the catalog lists them. The `GET ?url` tools (security headers, TLS, cookies…)
 * are listed in url-checks.ts.
 */
export const securityApisTools: AnyTool[] = [
  ...securityUrlTools,
  jwtDecoder,
  passwordStrengthChecker,
  securePasswordGenerator,
  hashGenerator,
  secretLeakScanner,
  hmacGenerator,
  bcryptHashGenerator,
  cspPolicyEvaluator,
  jwtSignatureVerifier,
  webhookSignatureVerifier,
];
