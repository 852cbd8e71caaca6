/** Number settings shared by several concerns. */
import { z } from 'zod';

export const positiveInt = (what: string) =>
  z.coerce
    .number({ error: `must be a number (${what})` })
    .int('must be a whole number')
    .positive('must be greater than 0');
