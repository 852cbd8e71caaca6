/** The log's settings: how much it says and in which form (src/log.ts). */
import { z } from 'zod';

export const logSettings = {
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }),
  /** Unset: pretty on a terminal, JSON otherwise (log.ts logFormat). */
  logFormat: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
};

export const LOG_ENV = {
  logLevel: 'LOG_LEVEL',
  logFormat: 'LOG_FORMAT',
} as const satisfies Record<keyof typeof logSettings, string>;
