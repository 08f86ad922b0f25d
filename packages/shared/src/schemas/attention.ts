import { z } from 'zod';
import { timestamp } from './answers.ts';

/** The words around each problem, on the dashboard's "Attention" panel and in its mail. */
export const ATTENTION_MSG = {
  title: 'Attention',
  advice: 'What to do:',
  since: 'Since',
} as const;

/**
 * One problem the owner must hear about while it lasts (docs/decisions/046-attention.md): a failed or missing
 * backup, mail not going out, a refund the provider keeps refusing, a job that has not run, a nearly full disk, or
 * the courier's webhook refused again and again.
 */
export const attentionProblem = z.object({
  /** Stable while the problem lasts: 'backup', 'outbox', 'refund:<id>', 'job:<name>', 'disk', 'courier-webhook'. */
  key: z.string(),
  title: z.string(),
  /** The particulars as last seen. */
  detail: z.string(),
  /** What the owner can do about it. */
  advice: z.string(),
  /** When the shop first saw it. */
  since: timestamp,
});
export type AttentionProblem = z.infer<typeof attentionProblem>;

/** GET /api/admin/attention: the open problems, oldest first; none when all is well. */
export const attentionAnswer = z.object({ problems: z.array(attentionProblem) }).meta({
  id: 'Attention',
  examples: [
    {
      problems: [
        {
          key: 'backup',
          title: 'The last backup failed',
          detail: 'The scheduled backup of 24 Nov 2026, 2:00 am failed: no space left on device.',
          advice: 'Free space where backups are kept (BACKUP_DIR or the bucket), then run npm run backup.',
          since: '2026-11-23T20:31:00.000Z',
        },
      ],
    },
  ],
});
export type AttentionAnswer = z.infer<typeof attentionAnswer>;
