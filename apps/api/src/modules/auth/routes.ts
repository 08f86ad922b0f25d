import { MSG } from '@bagshop/shared/messages';
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailCodeSchema,
  verifyOtpSchema,
} from '@bagshop/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type LimitedAction, rateLimited } from '../../platform/rate-limits.ts';
import { createGoogleSignIn } from './google.ts';
import { login } from './login.ts';
import { changePassword, requestPasswordReset, resetPassword, verifyPasswordResetCode } from './password.ts';
import { revokeFamilyOf, rotateRefreshToken } from './refresh-tokens.ts';
import { completeRegistration, resendRegistrationCode, startRegistration } from './registration.ts';
import { sendEmailVerificationCode, verifyEmail } from './verify-email.ts';

const logoutSchema = z.strictObject({ refreshToken: z.string().max(200).optional() }).nullish();
const googleStartQuery = z.strictObject({ redirect: z.string().max(500).optional() });
// The provider adds its own parameters (scope, authuser, …) to the callback; all of them go to the token check.
const googleCallbackQuery = z.looseObject({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
});

const GOOGLE_FLOW_COOKIE = 'bagshop_google';
const GOOGLE_FLOW_COOKIE_OPTIONS = {
  signed: true,
  httpOnly: true,
  sameSite: 'lax',
  path: '/api/user',
  maxAge: 600,
} as const;

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const google = createGoogleSignIn(deps);
  const { requireUser } = deps.guards;

  return async (app) => {
    const limit = (action: LimitedAction) => rateLimited(deps.db, action);

    app.post(
      '/register',
      { schema: { body: registerSchema }, preHandler: limit('register') },
      async (request, reply) => {
        await startRegistration(deps, request.body);
        return reply.status(201).send({ message: MSG.otpSent, email: request.body.email });
      },
    );

    app.post(
      '/verify-otp',
      { schema: { body: verifyOtpSchema }, preHandler: limit('verifyRegistration') },
      async (request) => {
        const payload = await completeRegistration(deps, request.body.email, request.body.otp);
        return { message: MSG.otpVerified, ...payload };
      },
    );

    app.post(
      '/resend-otp',
      { schema: { body: emailOnlySchema }, preHandler: limit('resendRegistration') },
      async (request) => {
        await resendRegistrationCode(deps, request.body.email);
        return { message: MSG.otpSent };
      },
    );

    app.post('/login', { schema: { body: loginSchema } }, async (request) => login(deps, request.body, request.ip));

    app.post('/auth/refresh', { schema: { body: refreshSchema }, preHandler: limit('refresh') }, async (request) => {
      const { userId, refreshToken } = await rotateRefreshToken(deps.db, request.body.refreshToken);
      return { accessToken: await deps.tokens.sign(userId), refreshToken };
    });

    app.post('/logout', { schema: { body: logoutSchema } }, async (request) => {
      if (request.body?.refreshToken) await revokeFamilyOf(deps.db, request.body.refreshToken);
      return { message: MSG.loggedOut };
    });

    app.post(
      '/forgot-password',
      { schema: { body: emailOnlySchema }, preHandler: limit('forgotPassword') },
      async (request) => {
        await requestPasswordReset(deps, request.body.email);
        return { message: MSG.otpSent };
      },
    );

    app.post(
      '/verify-otp-password',
      { schema: { body: verifyOtpSchema }, preHandler: limit('verifyResetCode') },
      async (request) => {
        const resetToken = await verifyPasswordResetCode(deps, request.body.email, request.body.otp);
        return { message: MSG.otpVerified, resetToken };
      },
    );

    app.post(
      '/reset-password',
      { schema: { body: resetPasswordSchema }, preHandler: limit('resetPassword') },
      async (request) => {
        await resetPassword(deps, request.body);
        return { message: MSG.passwordReset };
      },
    );

    app.post(
      '/change-password',
      { schema: { body: changePasswordSchema }, preHandler: [requireUser, limit('changePassword')] },
      async (request) => {
        await changePassword(deps, userOf(request).id, request.body);
        return { message: MSG.passwordChanged };
      },
    );

    app.post(
      '/account/verify-email/send',
      { preHandler: [requireUser, limit('sendVerificationMail')] },
      async (request) => {
        await sendEmailVerificationCode(deps, userOf(request).id);
        return { message: MSG.otpSent };
      },
    );

    app.post(
      '/account/verify-email',
      { schema: { body: verifyEmailCodeSchema }, preHandler: [requireUser, limit('verifyEmail')] },
      async (request) => {
        const user = await verifyEmail(deps, userOf(request).id, request.body.otp);
        return { message: MSG.otpVerified, user };
      },
    );

    app.get('/auth/google/config', async () => ({ enabled: google.enabled }));

    app.get(
      '/auth/google/start',
      { schema: { querystring: googleStartQuery }, preHandler: limit('google') },
      async (request, reply) => {
        const { url, flow } = await google.start(request.query.redirect);
        reply.setCookie(GOOGLE_FLOW_COOKIE, flow, GOOGLE_FLOW_COOKIE_OPTIONS);
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/google',
      { schema: { querystring: googleCallbackQuery }, preHandler: limit('google') },
      async (request, reply) => {
        const cookie = request.cookies[GOOGLE_FLOW_COOKIE];
        const unsigned = cookie ? request.unsignCookie(cookie) : null;
        // The flow is single use, whatever the outcome.
        reply.clearCookie(GOOGLE_FLOW_COOKIE, { path: GOOGLE_FLOW_COOKIE_OPTIONS.path });
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        return google.finish(search, unsigned?.valid ? unsigned.value : null);
      },
    );
  };
}
