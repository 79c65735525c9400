CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"billing_line1" text DEFAULT '' NOT NULL,
	"billing_line2" text DEFAULT '' NOT NULL,
	"billing_city" text DEFAULT '' NOT NULL,
	"billing_region" text DEFAULT '' NOT NULL,
	"billing_postal_code" text DEFAULT '' NOT NULL,
	"billing_country" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 0 NOT NULL,
	"credit_limit_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_terms_range" CHECK ("companies"."payment_terms_days" between 0 and 120),
	CONSTRAINT "companies_credit_nonnegative" CHECK ("companies"."credit_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invites_role_known" CHECK ("company_invites"."role" in ('admin', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"sees_all_orders" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_pkey" PRIMARY KEY("user_id"),
	CONSTRAINT "company_members_role_known" CHECK ("company_members"."role" in ('admin', 'buyer'))
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_unique" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_invites_token_unique" ON "company_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invites_open_unique" ON "company_invites" USING btree ("company_id",lower("email")) WHERE "company_invites"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_company_idx" ON "checkouts" USING btree ("company_id") WHERE "checkouts"."company_id" is not null;