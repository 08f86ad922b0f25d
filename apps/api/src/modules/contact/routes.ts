import { contactSentAnswer } from '@bagshop/shared/contact-inbox';
import { emailPersonKey } from '@bagshop/shared/email-address';
import { INPUT_MSG } from '@bagshop/shared/input-messages';
import { MSG } from '@bagshop/shared/messages';
import { contactSchema } from '@bagshop/shared/schemas/account';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.ts';
import { validationError } from '../../platform/errors.ts';
import { formParts } from '../../platform/multipart.ts';
import { spend } from '../../platform/rate-limits.ts';
import { errors } from '../../platform/route-contract.ts';
import { parseContact, sendContactMessage } from './service.ts';

/** The form fields of a multipart body; files are not part of a contact message. */
async function formFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of formParts(request, MSG.contactFillAll)) {
    if (part.kind === 'file') throw validationError({ [part.name]: INPUT_MSG.textExpected });
    fields[part.name] ??= part.value;
  }
  return fields;
}

/** The Contact page's form (docs/product.md §2 Contact, §5): kept, and mailed to the shop with reply-to the sender. */
export function contactRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, mailer } = deps;
  return async (app) => {
    app.post(
      '/',
      {
        config: { multipartBody: contactSchema },
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the shop',
          description: 'Kept in the inbox and mailed to the shop with reply-to the sender; a JSON body is taken too.',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: contactSentAnswer, ...errors(429) },
        },
      },
      async (request, reply) => {
        const input = parseContact(request.isMultipart() ? await formFields(request) : request.body);
        await spend(db, 'contact', { address: request.ip, mailbox: emailPersonKey(input.email) });
        const { mailError } = await sendContactMessage({ db, mailer, storeEmail: deps.config.STORE_EMAIL }, input);
        if (mailError) request.log.warn({ err: mailError }, 'contact message stored but not mailed');
        return reply.status(201).send({ message: MSG.contactSent });
      },
    );
  };
}
