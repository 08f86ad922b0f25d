import { z } from 'zod';
import { RESTOCK_MSG } from '../restock-messages.ts';

// "Notify me" answers (docs/product.md §7). Kept apart from the texts: the details screen loads no zod for them.
export const restockAlertAnswer = z
  .object({ notifying: z.boolean(), message: z.string() })
  .meta({ examples: [{ notifying: true, message: RESTOCK_MSG.asked }] });
export type RestockAlertAnswer = z.infer<typeof restockAlertAnswer>;

export const restockAlertStatusAnswer = z.object({ notifying: z.boolean() }).meta({ examples: [{ notifying: false }] });
export type RestockAlertStatusAnswer = z.infer<typeof restockAlertStatusAnswer>;
