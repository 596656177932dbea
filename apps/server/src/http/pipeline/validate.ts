import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallContract } from '@uc/contracts';
import { InvalidInput } from '../../lib/errors';
import { refuseNul } from '../../lib/nul-guard';
import { PARSE_OPTIONS } from '../../lib/zod-message';

/*
 * Validation: the body and the query against the call's contract, after admission (admit.ts). A NUL
 * character anywhere is refused first (PostgreSQL cannot store one in text), then each part is parsed
 * with its schema, which also fills in defaults (a list's page and pageSize).
 */

/** One part of the request parsed by its schema (undefined when the call has none); a 400 naming the field. */
export function parse(schema: z.ZodType | undefined, value: unknown, part: 'body' | 'query'): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {}, PARSE_OPTIONS);
  if (!result.success) throw new InvalidInput(result.error, part);
  return result.data;
}

/** The validated body; refuses a NUL in the query too, before either part is parsed. */
export function validBody(call: CallContract, req: FastifyRequest): unknown {
  refuseNul(req.body, 'body');
  refuseNul(req.query, 'query');
  return parse(call.body, req.body, 'body');
}

/** The validated query (after validBody, or alone for an answer from memory: a GET has no body to check). */
export function validQuery(call: CallContract, req: FastifyRequest, nulChecked: boolean): unknown {
  if (!nulChecked) refuseNul(req.query, 'query');
  return parse(call.query, req.query, 'query');
}
