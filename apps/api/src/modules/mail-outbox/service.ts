// What other modules, workflows and the server may use from the mail outbox (docs/architecture.md, "Layers").
export type { MailKind, MailPayloads } from './mail-kinds.ts';
export {
  adminMailInsertSql,
  enqueueMail,
  enqueueMailStatement,
  MAX_ATTEMPTS,
  notifyMailSql,
  type OutboxBacklog,
  outboxBacklog,
  type Recipient,
} from './outbox.ts';
export type { MailSources } from './render.ts';
export type { MailShop } from './templates/layout.tsx';
export { deliverDueMail, type MailWorker, type MailWorkerDeps, startMailWorker } from './worker.ts';
