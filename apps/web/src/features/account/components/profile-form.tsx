import { type UpdateProfileInput, updateProfileSchema } from '@bagshop/shared/schemas/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../../components/form-field.tsx';

type ProfileValues = z.output<typeof updateProfileSchema>;
const PROFILE_FIELDS = ['name', 'email', 'phone', 'currentPassword'] as const;

interface ProfileFormProps {
  defaultValues: UpdateProfileInput;
  /**
   * Whether the account has a password: a new email then needs it (the Current password field appears); an account
   * made with Google only confirms with a code sent to its current email instead.
   */
  hasPassword: boolean;
  /** Saves the profile; answers the server's per-field messages (empty when saved or on other failures). */
  onSave: (values: ProfileValues) => Promise<Record<string, string>>;
}

/** docs/product.md §3 "Updated user": name, email and phone with the §5 messages under each field. */
export function ProfileForm({ defaultValues, hasPassword, onSave }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues,
  });
  const emailChanges = (watch('email') ?? '').trim().toLowerCase() !== defaultValues.email.trim().toLowerCase();

  const onSubmit = handleSubmit(async ({ currentPassword, ...values }) => {
    const fields = await onSave(
      emailChanges && hasPassword ? { ...values, currentPassword: currentPassword ?? '' } : values,
    );
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
      {emailChanges && hasPassword ? (
        <TextField
          id="profile-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Needed to change your email."
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
      ) : null}
      {emailChanges && !hasPassword ? (
        <p id="profile-email-proof" className="small text-muted mb-3">
          We will also send a code to your current email: you enter both codes to confirm the change.
        </p>
      ) : null}
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
