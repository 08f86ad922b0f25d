import os from 'node:os';
import path from 'node:path';

/** Fixed places shared by the global setup (which starts everything) and the tests (which read mail). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_TMP = path.join(os.tmpdir(), `bagshop-e2e-${E2E_PORT}`);
export const MAIL_DIR = path.join(E2E_TMP, 'mail');
export const GOOGLE_USER = { email: 'meera.google@example.in', name: 'Meera Iyer' };

/**
 * The shop books parcels through a local stand-in for Shiprocket (apps/api/test/fake-shiprocket.ts); specs post the
 * courier's tracking webhook with this token, as Shiprocket would.
 */
export const SHIPROCKET_WEBHOOK_TOKEN = 'e2e-shiprocket-webhook-token';
/** A pincode no courier of the stand-in serves. */
export const UNSERVED_PINCODE = '194109';
