import type { FormRule } from 'antd';
import type { z } from 'zod';
// Through the package name: the one i18n instance of '@uc/client' (see use-call.ts).
import { loadConsoleMessages, t } from '@uc/client';

/**
 * A form rule that checks a field by the same zod schema the server checks it by, showing the
 * contract's message in the reader's language (the catalogue is in the client's tables). Rather than
 * clamping input (min, precision) behind the user's back, the form says what is wrong. An empty value
 * is left to the field's `required` rule.
 */
export function contractRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const checked = schema.safeParse(value);
      if (checked.success) return;
      // The message is one of the server's: in the reader's language once the console's table is in.
      await loadConsoleMessages().catch(() => undefined);
      throw new Error(t(checked.error.issues[0]?.message ?? ''));
    },
  };
}
