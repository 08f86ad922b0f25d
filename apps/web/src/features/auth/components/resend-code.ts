import { MSG } from '@bagshop/shared/messages';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../api/errors.ts';

/**
 * Asks the shop for a new code and says how it went: by `tell`, else in a toast with the shop's message. A failure
 * shows the shop's message when it has one, e.g. that a sign-up has expired. Answers whether a code was sent, so the code form restarts its countdown only then.
 */
export async function resendCode<T extends { message?: string }>(
  send: () => Promise<T>,
  tell: (answer: T) => void = (answer) => toast.info(answer.message || MSG.otpSent),
): Promise<boolean> {
  try {
    tell(await send());
    return true;
  } catch (error) {
    toast.error(errorMessage(error, MSG.otpResendFailed));
    return false;
  }
}
