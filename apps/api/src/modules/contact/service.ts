import { MSG } from '@bagshop/shared/messages';
import { contactSchema } from '@bagshop/shared/schemas/account';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/messages.ts';
import { validationError } from '../../platform/errors.ts';
import { type Mailer, maskedAddress } from '../../platform/mail.ts';

/** Checks a contact form (multipart or JSON alike) with the shared rules, one message per field. */
export function parseContact(body: unknown) {
  const parsed = contactSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= `Unknown field '${key}'`;
      continue;
    }
    const key = issue.path.map(String).join('.');
    fields[key || '_'] ??= key ? issue.message : MSG.contactFillAll;
  }
  throw validationError(fields);
}

/**
 * The message is kept first, so a mail failure loses nothing: it answers the mail error and the shop can
 * still read the message from the database.
 */
export async function sendContactMessage(
  deps: { db: Db; mailer: Mailer; storeEmail: string },
  input: { name: string; email: string; message: string },
): Promise<{ mailError?: unknown }> {
  await deps.db.insert(contactMessages).values(input);
  try {
    await deps.mailer.send({
      to: deps.storeEmail,
      replyTo: input.email,
      subject: MSG.contactMailSubject,
      text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
      // The message is in the inbox; a production log without SMTP shows only that one came, and from whom (masked).
      notice: `contact message from ${maskedAddress(input.email)}`,
    });
    return {};
  } catch (mailError) {
    return { mailError };
  }
}
