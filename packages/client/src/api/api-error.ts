import { refusalFieldsOf, type RefusalField } from '@uc/contracts';

/** Error display modes of the spec (section 8). */
export const ErrorShowType = {
  silent: 0,
  warn: 1,
  error: 2,
  notification: 3,
  redirect: 9,
} as const;
export type ErrorShowType = (typeof ErrorShowType)[keyof typeof ErrorShowType];

export type ApiErrorKind = 'business' | 'http' | 'network' | 'timeout';

/** Every failed call rejects with this, whether or not its message was shown. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** Envelope code; -1 when the server sent no envelope. */
    readonly code: number,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
  }

  /** The fields of the request a refusal is about, each with its sentence (`data.fields`): forms show them under the fields. */
  get fields(): RefusalField[] {
    return refusalFieldsOf(this.data);
  }

  private readonly onFields = new Set<string>();

  /** A form showed the refusal about these fields (of `fields`) under them: its toast leaves them out. */
  markShownOnFields(fields: Iterable<string>): void {
    for (const field of fields) this.onFields.add(field);
  }

  /**
   * What is left for a toast once forms showed what they could under their fields: the whole message
   * when none did, else the sentences of the fields no form showed (none: nothing left to say).
   */
  unshownSentences(): string[] {
    if (this.onFields.size === 0) return [this.message];
    return [...new Set(this.fields.filter((f) => !this.onFields.has(f.field)).map((f) => f.message))];
  }
}
