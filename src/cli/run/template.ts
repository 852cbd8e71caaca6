/** `template`: blank sheets and a sample to start from. */
import { resolve } from 'node:path';
import { writeTemplates } from '../../sheet/map/template-write.ts';
import type { Category } from '../../store/types.ts';
import type { CliContext } from '../context.ts';

export interface TemplateFlags {
  out: string;
  withCategories?: boolean;
}

export async function template(ctx: CliContext, flags: TemplateFlags): Promise<void> {
  let categories: Category[] | undefined;
  if (flags.withCategories) categories = await fetchCategories(ctx);
  const written = await writeTemplates(resolve(flags.out), { categories });
  for (const path of written) ctx.print(`wrote ${path}`);
}

async function fetchCategories(ctx: CliContext): Promise<Category[]> {
  // Throws ConfigError (exit 2) naming STORE_URL / STORE_EMAIL / STORE_PASSWORD when one is missing.
  return ctx.withApp(async (app) => (await app.client()).listCategories());
}
