import { MSG } from '@bagshop/shared/messages';
import { type ContactInput, contactSchema } from '@bagshop/shared/schemas/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FiSend } from 'react-icons/fi';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { TextField } from '../../components/form-field.tsx';
import { useContactDetails } from '../../session/session-hooks.ts';
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
  const signedIn = useContactDetails();
  // A signed-in shopper writes as themselves: name and email filled in, still editable.
  const filled: ContactInput = { ...EMPTY, ...signedIn };
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactValues>({ resolver: zodResolver(contactSchema), defaultValues: filled });
  // The session can arrive after the first render (the page opened before the app took the sign-in up).
  useEffect(() => {
    if (!signedIn) return;
    if (!getValues('name')) setValue('name', signedIn.name);
    if (!getValues('email')) setValue('email', signedIn.email);
  }, [signedIn, getValues, setValue]);

  const missing = [errors.name, errors.email, errors.message].some((e) => e?.message === MSG.contactFillAll);

  // An empty field shows 'Please fill out all fields.' once, above the form (no toast besides).
  const onSubmit = handleSubmit(async (values) => {
    const form = new FormData();
    form.append('name', values.name);
    form.append('email', values.email);
    form.append('message', values.message);
    try {
      await sendContact(form).unwrap();
      toast.success(MSG.contactSent);
      reset({ ...filled, message: '' });
    } catch {
      toast.error(MSG.contactFailed);
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      {missing ? (
        <Alert variant="warning" className="py-2" role="alert">
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
