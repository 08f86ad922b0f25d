import { MSG } from '@bagshop/shared/messages';
import { type RegisterFormInput, registerFormSchema } from '@bagshop/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { errorMessage, errorStatus, fieldErrors } from '../../../api/errors.ts';
import { TextField } from '../../../components/form-field.tsx';
import { PRIVACY_PATH, TERMS_PATH } from '../../../components/policy-links.ts';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { useIsSignedIn } from '../../../session/session-hooks.ts';
import { useRegisterMutation } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { toastCodeTravel } from '../components/code-travel.tsx';
import { safePath, withEmail } from '../components/landing.ts';
import { PasswordField } from '../components/password-field.tsx';
import { SubmitButton } from '../components/submit-button.tsx';

type RegisterForm = z.output<typeof registerFormSchema>;
const FORM_FIELDS = ['name', 'email', 'phone', 'password', 'confirmPassword', 'referCode'] as const;

export function RegisterPage() {
  usePageTitle('Create account');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const [registerUser, { isLoading }] = useRegisterMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { referCode: params.get('ref') ?? '' },
  });

  if (signedIn) return <Navigate to={safePath(params.get('redirect'))} replace />;

  const onSubmit = handleSubmit(async ({ terms: _terms, ...body }) => {
    try {
      const answer = await registerUser(body).unwrap();
      // Not registered yet: the account exists once the code is verified, and "sent" only when a mail went out
      // (docs/decisions/057-registration-says-what-happened.md).
      const travel = { delivery: answer.delivery, mailbox: answer.mailbox };
      toastCodeTravel(travel);
      navigate(withEmail('/verify-otp', answer.email || body.email), { state: travel });
    } catch (error) {
      const fields = fieldErrors(error);
      if (errorStatus(error) === 409) {
        // A taken email is explained under the email field.
        setError('email', { message: fields.email ?? errorMessage(error, MSG.emailTaken) }, { shouldFocus: true });
        return;
      }
      for (const field of FORM_FIELDS) {
        if (fields[field]) setError(field, { message: fields[field] });
      }
      toast.error(errorMessage(error, MSG.registrationFailed));
    }
  });

  return (
    <AuthCard
      title="Create account"
      subtitle="Join Bag Shop in a minute"
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          id="register-name"
          label="Name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <TextField
          id="register-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          id="register-phone"
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="10-digit mobile number"
          registration={register('phone')}
          error={errors.phone?.message}
        />
        <Row className="g-0 g-sm-3">
          <Col sm={6}>
            <PasswordField
              id="register-password"
              label="Password"
              autoComplete="new-password"
              registration={register('password')}
              error={errors.password?.message}
            />
          </Col>
          <Col sm={6}>
            <PasswordField
              id="register-confirm-password"
              label="Confirm Password"
              autoComplete="new-password"
              registration={register('confirmPassword')}
              error={errors.confirmPassword?.message}
            />
          </Col>
        </Row>
        <TextField
          id="register-refer-code"
          label="Referral code (optional)"
          autoComplete="off"
          registration={register('referCode')}
          error={errors.referCode?.message}
        />
        <Form.Group className="mb-3" controlId="register-terms">
          <Form.Check
            type="checkbox"
            isInvalid={Boolean(errors.terms)}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'register-terms-error' : undefined}
            label={
              <>
                {/* A new tab, so what is typed here stays (docs/product.md §2.9). */}I accept the{' '}
                <Link to={TERMS_PATH} target="_blank" rel="noopener">
                  Terms of Use<span className="visually-hidden"> (opens in a new tab)</span>
                </Link>{' '}
                and{' '}
                <Link to={PRIVACY_PATH} target="_blank" rel="noopener">
                  Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
                </Link>
              </>
            }
            {...register('terms')}
          />
          {errors.terms ? (
            <div id="register-terms-error" className="invalid-feedback d-block">
              {errors.terms.message}
            </div>
          ) : null}
        </Form.Group>
        <SubmitButton busy={isLoading}>Register</SubmitButton>
      </Form>
    </AuthCard>
  );
}
