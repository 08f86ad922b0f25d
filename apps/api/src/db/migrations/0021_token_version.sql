-- Access tokens carry the user's token version; raising it (password change or reset, email change, blocking,
-- promotion) refuses every access token issued before. An account without a password confirms an email change with
-- a code sent to its old address (docs/decisions/034-email-change-proof.md).
ALTER TYPE "public"."otp_purpose" ADD VALUE 'change_email_old';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;