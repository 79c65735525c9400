CREATE TABLE "search_miss_clients" (
	"query" text NOT NULL,
	"client" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "search_miss_clients_query_client_pk" PRIMARY KEY("query","client")
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "password_meets_admin_rule" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_misses" ADD COLUMN "clients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_miss_clients_day_idx" ON "search_miss_clients" USING btree ("day");--> statement-breakpoint
-- Hand-written note (issue #34): queries counted before this migration start with clients = 0, so they leave the admin's lists until two clients search for them again (their old counts cannot tell one visitor from many).
