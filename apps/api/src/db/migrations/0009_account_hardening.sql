ALTER TYPE "public"."otp_purpose" ADD VALUE 'change_email';--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referred_person_key" text;--> statement-breakpoint
CREATE INDEX "referrals_referrer_person_idx" ON "referrals" USING btree ("referrer_id","referred_person_key");--> statement-breakpoint
-- Person keys of the referrals made so far (the rule of packages/shared/src/email-address.ts emailPersonKey).
UPDATE "referrals" r SET "referred_person_key" = (
  SELECT CASE WHEN k.d IN ('gmail.com', 'googlemail.com') THEN replace(k.l, '.', '') || '@gmail.com' ELSE k.l || '@' || k.d END
  FROM (
    SELECT
      CASE WHEN position('+' in split_part(lower(u.email), '@', 1)) > 1
        THEN split_part(split_part(lower(u.email), '@', 1), '+', 1)
        ELSE split_part(lower(u.email), '@', 1) END AS l,
      split_part(lower(u.email), '@', 2) AS d
    FROM "users" u WHERE u.id = r.referred_user_id
  ) k
);
