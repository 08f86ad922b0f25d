import { MSG } from '@bagshop/shared/messages';
import { type ContactInput, contactSchema } from '@bagshop/shared/schemas/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FiSend } from 'react-icons/fi';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { TextField } from '../../components/form-field.tsx';
import { useSendContactMutation } from './api.ts';

type ContactValues = z.output<typeof contactSchema>;
const EMPTY: ContactInput = { name: '', email: '', message: '' };

/** A field's own message, unless it is the form-wide 'Please fill out all fields.'. */
function ownMessage(message?: string) {
  return message && message !== MSG.contactFillAll ? message : undefined;
}

/** docs/product.md §2/§5 Contact: name, email and message, all required, sent as multipart form data. */
export function ContactForm({ labelledBy }: { labelledBy?: string }) {
  const [sendContact] = useSendContactMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });

  const missing = [errors.name, errors.email, errors.message].some((e) => e?.message === MSG.contactFillAll);

  const onSubmit = handleSubmit(
    async (values) => {
      const form = new FormData();
      form.append('name', values.name);
      form.append('email', values.email);
      form.append('message', values.message);
      try {
        await sendContact(form).unwrap();
        toast.success(MSG.contactSent);
        reset(EMPTY);
      } catch {
        toast.error(MSG.contactFailed);
      }
    },
    (invalid) => {
      if ([invalid.name, invalid.email, invalid.message].some((e) => e?.message === MSG.contactFillAll)) {
        toast.warning(MSG.contactFillAll);
      }
    },
  );

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {missing ? (
        <Alert variant="warning" className="py-2">
          {MSG.contactFillAll}
        </Alert>
      ) : null}
      <TextField
        id="contact-name"
        label="Name"
        autoComplete="name"
        registration={register('name')}
        error={ownMessage(errors.name?.message)}
        invalid={Boolean(errors.name)}
      />
      <TextField
        id="contact-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        registration={register('email')}
        error={ownMessage(errors.email?.message)}
        invalid={Boolean(errors.email)}
      />
      <TextField
        id="contact-message"
        label="Message"
        rows={5}
        registration={register('message')}
        error={ownMessage(errors.message?.message)}
        invalid={Boolean(errors.message)}
      />
      <Button type="submit" variant="brand" className="px-4" disabled={isSubmitting}>
        {isSubmitting ? (
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        ) : (
          <FiSend aria-hidden="true" className="me-2" />
        )}
        Send Message
      </Button>
    </Form>
  );
}
