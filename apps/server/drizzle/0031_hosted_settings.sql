-- Hosted server settings (spec-1 §3 hosted server; docs/decisions/0053): the custom domain, the sender address and
-- its verification, and how the console sends mail (SES or the customer's SMTP server).
ALTER TABLE "hosted_servers" ADD COLUMN "use_custom_dns" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "send_as_email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "send_as_dmarc_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "smtp_mode" text DEFAULT 'ses' NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "smtp_host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "smtp_port" integer DEFAULT 587 NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "smtp_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "smtp_password" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "smtp_security" text DEFAULT 'tls' NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "smtp_accept_invalid_certificate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "verification_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "verification_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD COLUMN "verification_token_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD CONSTRAINT "hosted_servers_smtp_mode" CHECK ("smtp_mode" IN ('ses', 'smtp'));--> statement-breakpoint
ALTER TABLE "hosted_servers" ADD CONSTRAINT "hosted_servers_smtp_security" CHECK ("smtp_security" IN ('tls', 'starttls', 'plain'));
