import { MSG } from '@bagshop/shared/messages';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';

/**
 * Asks the shop for a new code and says in a toast how it went (the shop's message when it has one, e.g. that a
 * sign-up has expired). Answers whether a code was sent, so the code form restarts its countdown only then.
 */
export async function resendCode(send: () => Promise<{ message?: string }>): Promise<boolean> {
  try {
    const answer = await send();
    toast.info(answer.message || MSG.otpSent);
    return true;
  } catch (error) {
    toast.error(errorMessage(error, MSG.otpResendFailed));
    return false;
  }
}
