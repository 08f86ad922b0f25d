import { MSG } from '@bagshop/shared/messages';
import { type EmailOnlyInput, emailOnlySchema } from '@bagshop/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { errorMessage } from '../../../api/errors.ts';
import { TextField } from '../../../components/form-field.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useForgotPasswordMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { withEmail } from '../components/landing.ts';
import { SubmitButton } from '../components/submit-button.tsx';

/** Password-reset request (docs/product.md §2): one email field; a code goes to that address. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const navigate = useNavigate();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailOnlyInput, unknown, z.output<typeof emailOnlySchema>>({ resolver: zodResolver(emailOnlySchema) });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const answer = await forgotPassword({ email }).unwrap();
      toast.success(answer.message || MSG.otpSent);
      navigate(withEmail('/verify-otp-password', email));
    } catch (error) {
      toast.error(errorMessage(error, MSG.otpSendFailed));
    }
  });

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter your email and we will send you a code to reset your password."
      footer={
        <div className="d-flex justify-content-center gap-3">
          <Link to="/login">Login</Link>
          <span aria-hidden="true">·</span>
          <Link to="/register">Register</Link>
        </div>
      }
    >
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <SubmitButton busy={isLoading}>Reset Password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
