import { MSG } from '@bagshop/shared/messages';
import { type NewPasswordFormInput, newPasswordFormSchema } from '@bagshop/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { errorMessage } from '../../../api/errors.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useResetPasswordMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RESET_TOKEN_KEY } from '../components/landing.ts';
import { MissingEmail } from '../components/missing-email.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { SubmitButton } from '../components/submit-button.tsx';

/** New password (docs/product.md §2): needs the grant the reset-code screen left in sessionStorage. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordFormInput, unknown, z.output<typeof newPasswordFormSchema>>({
    resolver: zodResolver(newPasswordFormSchema),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const resetToken = sessionStorage.getItem(RESET_TOKEN_KEY) ?? '';
      const answer = await resetPassword({ email, resetToken, ...values }).unwrap();
      sessionStorage.removeItem(RESET_TOKEN_KEY);
      toast.success(answer.message || MSG.passwordReset);
      navigate('/login', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, MSG.passwordResetFailed));
    }
  });

  return (
    <AuthCard
      title="Reset password"
      subtitle={
        email ? (
          <>
            Choose a new password for <strong className="text-break">{email}</strong>
          </>
        ) : null
      }
      footer={<Link to="/login">Back to Login</Link>}
    >
      {email ? (
        <Form noValidate onSubmit={onSubmit}>
          <PasswordField
            id="reset-new-password"
            label="New Password"
            autoComplete="new-password"
            hint={MSG.strongPasswordHint}
            registration={register('newPassword')}
            error={errors.newPassword?.message}
          />
          <PasswordField
            id="reset-confirm-password"
            label="Confirm Password"
            autoComplete="new-password"
            registration={register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <SubmitButton busy={isLoading}>Reset Password</SubmitButton>
        </Form>
      ) : (
        <MissingEmail backTo="/forgot-password" backLabel="Start again" />
      )}
    </AuthCard>
  );
}
