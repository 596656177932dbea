import { z } from 'zod';

/** Response codes of the spec (section 8). HTTP statuses travel alongside; the body is always the envelope. */
export const ResultCode = {
  success: 0,
  error: -1,
  /** The tenant is disabled or its licence expired. */
  noLicence: 60,
  /** Not signed in, or the session expired or was revoked. */
  loginTimeout: 61,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), message: z.string(), data });

export const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().nullable(),
});

/** The answers made by pagedOf: the server echoes the page asked for into them, not each handler. */
const pagedSchemas = new WeakSet<z.ZodType>();

/** Whether a call's answer is a page of a list (pagedOf): its `page` and `pageSize` are the query's. */
export const isPagedSchema = (schema: z.ZodType | undefined): boolean => schema !== undefined && pagedSchemas.has(schema);

export const pagedOf = <T extends z.ZodType>(item: T) => {
  const schema = z.object({
    list: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** The number of matching rows when `totalExact`; otherwise a lower bound: there are more than `total`. */
    total: z.number().int(),
    totalExact: z.boolean(),
    /** Cursor of the page after this one (send it as `after`), null on the last page. */
    next: z.string().nullable(),
  });
  pagedSchemas.add(schema);
  return schema;
};
export type Paged<T> = { list: T[]; page: number; pageSize: number; total: number; totalExact: boolean; next: string | null };

/**
 * A refusal about fields of the request names them in the envelope's `data.fields`: each field's path
 * in the request (`code`, `rows.3.mobile`) and the sentence about it (the message says the same without
 * field keys), so that a form shows each under its field. Beside it `data` may hold more
 * (`captchaRequired`).
 */
export interface RefusalField {
  field: string;
  message: string;
}
export const refusalFieldSchema = z.object({ field: z.string(), message: z.string() });

/** The fields a refusal's `data` names (none when it names none, or is not a refusal's). */
export function refusalFieldsOf(data: unknown): RefusalField[] {
  const fields = (data as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter((f): f is RefusalField => refusalFieldSchema.safeParse(f).success);
}
