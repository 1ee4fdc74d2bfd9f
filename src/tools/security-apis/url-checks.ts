import type { AnyTool } from '../../registry/define-tool.ts';
import corsPolicyChecker from './cors-policy-checker.ts';
import cookieSecurityAnalyzer from './cookie-security-analyzer.ts';
import dnsLookup from './dns-lookup.ts';
import httpSecurityRedirectChecker from './http-security-redirect-checker.ts';
import securityHeadersAnalyzer from './security-headers-analyzer.ts';
import securityTxtChecker from './security-txt-checker.ts';
import spfDkimDmarcChecker from './spf-dkim-dmarc-checker.ts';
import sslTlsCertificateChecker from './ssl-tls-certificate-checker.ts';
import subresourceIntegrityChecker from './subresource-integrity-checker.ts';

/** The security tools that fetch a live URL (`GET ?url`), through the SSRF-guarded fetcher in ctx.engines. */
export const securityUrlTools: AnyTool[] = [
  securityHeadersAnalyzer,
  sslTlsCertificateChecker,
  cookieSecurityAnalyzer,
  spfDkimDmarcChecker,
  corsPolicyChecker,
  httpSecurityRedirectChecker,
  dnsLookup,
  securityTxtChecker,
  subresourceIntegrityChecker,
];
