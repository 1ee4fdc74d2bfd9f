import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * JSON logs. Request bodies and headers are never logged (the HTTP layer logs method, route, status
 * and duration only); the redact list is a second line of defence for secrets passed in log objects.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'toolapi' },
      redact: {
        paths: [
          'key',
          'apiKey',
          'secret',
          'password',
          'token',
          '*.key',
          '*.apiKey',
          '*.secret',
          '*.password',
          '*.token',
          'headers["x-api-key"]',
          'headers.authorization',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
