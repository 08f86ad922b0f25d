import type { FastifyRequest } from 'fastify';

/** Per client address and, where the body names one, per email: one noisy address cannot lock others out. */
function ipAndEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.ip}|${email}`;
}

const MINUTE = 60_000;

// Counted before validation (the body is parsed by then), so malformed attempts use up the allowance too.
const limit = (max: number, minutes: number) => ({
  rateLimit: { max, timeWindow: minutes * MINUTE, hook: 'preValidation' as const, keyGenerator: ipAndEmail },
});

export const RATE_LIMITS = {
  login: limit(10, 15),
  register: limit(10, 10),
  verifyCode: limit(20, 10),
  resend: limit(10, 10),
  forgot: limit(10, 10),
  reset: limit(10, 10),
  changePassword: limit(10, 15),
  refresh: limit(60, 10),
  verifyEmail: limit(20, 10),
  google: limit(30, 10),
};
