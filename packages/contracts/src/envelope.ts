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

export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** The number of matching rows when `totalExact`; otherwise a lower bound: there are more than `total`. */
    total: z.number().int(),
    totalExact: z.boolean(),
    /** Cursor of the page after this one (send it as `after`), null on the last page. */
    next: z.string().nullable(),
  });
export type Paged<T> = { list: T[]; page: number; pageSize: number; total: number; totalExact: boolean; next: string | null };
