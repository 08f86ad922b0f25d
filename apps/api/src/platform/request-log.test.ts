import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/users.ts';
import { requestLogOptions } from './request-log.ts';

describe('the request log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      { logger: { ...requestLogOptions('info'), stream: { write: (l: string) => lines.push(l) } } },
    );
  });
  afterAll(() => t.close());

  it('records each request without passwords, tokens or codes', async () => {
    const user = await createUser(t, { password: 'Kept@Secret42' });
    const login = await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email, password: 'Kept@Secret42' },
    });
    expect(login.statusCode).toBe(200);
    const { token, refreshToken } = login.json();
    await t.request({ method: 'GET', url: '/api/user/account', token });
    await t.request({ method: 'POST', url: '/api/user/auth/refresh', payload: { refreshToken } });
    await t.request({ method: 'GET', url: '/api/user/auth/google?code=ONE-TIME-CODE-77&state=STATE-88' });
    await t.request({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        name: 'New Person',
        email: 'new@example.com',
        phone: '9876543210',
        password: 'Fresh@Pass99',
        confirmPassword: 'Fresh@Pass99',
      },
    });

    const log = lines.join('');
    expect(log).toContain('"url":"/api/user/login"');
    expect(log).toContain('"url":"/api/user/auth/google"');
    expect(log).toContain('"statusCode":200');
    for (const secret of ['Kept@Secret42', 'Fresh@Pass99', token, refreshToken, 'ONE-TIME-CODE-77', 'STATE-88']) {
      expect(log).not.toContain(secret);
    }
  });
});
