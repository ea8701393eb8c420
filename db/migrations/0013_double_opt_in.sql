ALTER TABLE "newsletter_subscribers" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_status_known" CHECK ("newsletter_subscribers"."status" in ('pending', 'active', 'unsubscribed', 'bounced'));--> statement-breakpoint
-- Addresses from before confirmation existed asked for the newsletter under the form's
-- promise: they stay on the list, their signup taken as their consent.
UPDATE "newsletter_subscribers" SET "status" = 'active', "confirmed_at" = "created_at";
