import { MSG } from '@bagshop/shared/messages';
import { type ChangePasswordInput, changePasswordSchema } from '@bagshop/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useChangePasswordMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { SubmitButton } from '../components/submit-button.tsx';

const FORM_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Change password (docs/product.md §2): the server ends every session, so the shopper signs in again. */
export function ChangePasswordPage() {
  usePageTitle('Change password');
  const navigate = useNavigate();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await changePassword(values).unwrap();
      toast.success(answer.message || MSG.passwordChanged);
      // The server ended every session; the login screen clears this one when it shows (see LoginPage).
      navigate('/login', { replace: true, state: { signedOut: true } });
    } catch (error) {
      const fields = fieldErrors(error);
      for (const field of FORM_FIELDS) {
        if (fields[field]) setError(field, { message: fields[field] }, { shouldFocus: field === 'currentPassword' });
      }
      toast.error(errorMessage(error, MSG.passwordChangeFailed));
    }
  });

  return (
    <AuthCard
      title="Change password"
      subtitle="You will be signed out everywhere and asked to sign in again."
      footer={<Link to="/account">Back to my account</Link>}
    >
      <Form noValidate onSubmit={onSubmit}>
        <PasswordField
          id="change-current-password"
          label="Current Password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <PasswordField
          id="change-new-password"
          label="New Password"
          autoComplete="new-password"
          hint={MSG.strongPasswordHint}
          registration={register('newPassword')}
          error={errors.newPassword?.message}
        />
        <PasswordField
          id="change-confirm-password"
          label="Confirm Password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <SubmitButton busy={isLoading}>Change Password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
