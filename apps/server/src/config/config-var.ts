import { z } from 'zod';

/** One row of the configuration table (README, `--help`). */
export interface ConfigEntry {
  name: string;
  default: string;
  description: string;
}

/**
 * One environment variable: its row of the configuration table and the schema that reads it, side by
 * side so that neither can be added without the other.
 */
export interface ConfigVar {
  default: string;
  description: string;
  schema: z.ZodType;
}

/** An area's variables, by name. */
export type ConfigVars = Record<string, ConfigVar>;

/** What the schemas of `vars` read from the environment; an area's reader gets its own variables from it. */
export type ParsedVars<V extends ConfigVars> = z.output<z.ZodObject<{ [K in keyof V]: V[K]['schema'] }>>;

/** A wrong setting: start-up stops with this message (it names the variable and the fix). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Treats an empty variable as unset, so `PORT= node dist/main.js` means the default. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** A whole-number variable with a range; the message names it, the range and the default. */
export const intVar = (name: string, def: number | string, min: number, max: number) => {
  const fix = `set ${name} to a whole number from ${min} to ${max} or unset it to use ${def}`;
  return z.coerce
    .number({ error: `${name} is not a number: ${fix}` })
    .int(`${name} is not a whole number: ${fix}`)
    .min(min, `${name} is out of range: ${fix}`)
    .max(max, `${name} is out of range: ${fix}`);
};
