import { type UpdateProfileInput, updateProfileSchema } from '@bagshop/shared/schemas/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../../components/form-field.tsx';

type ProfileValues = z.output<typeof updateProfileSchema>;
const PROFILE_FIELDS = ['name', 'email', 'phone'] as const;

interface ProfileFormProps {
  defaultValues: UpdateProfileInput;
  /** Saves the profile; answers the server's per-field messages (empty when saved or on other failures). */
  onSave: (values: ProfileValues) => Promise<Record<string, string>>;
}

/** docs/product.md §3 "Updated user": name, email and phone with the §5 messages under each field. */
export function ProfileForm({ defaultValues, onSave }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues,
  });

  const onSubmit = handleSubmit(async (values) => {
    const fields = await onSave(values);
    for (const field of PROFILE_FIELDS) {
      if (fields[field]) setError(field, { message: fields[field] }, { shouldFocus: true });
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <TextField
        id="profile-name"
        label="Name"
        autoComplete="name"
        registration={register('name')}
        error={errors.name?.message}
      />
      <TextField
        id="profile-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint="A new email takes effect once you enter the code we send to it."
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        id="profile-phone"
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        registration={register('phone')}
        error={errors.phone?.message}
      />
      <div className="d-flex gap-2 mt-4">
        <Link to="/account" className="btn btn-outline-secondary flex-fill">
          Cancel
        </Link>
        <Button type="submit" variant="brand" className="flex-fill" disabled={isSubmitting}>
          {isSubmitting ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          Save changes
        </Button>
      </div>
    </Form>
  );
}
