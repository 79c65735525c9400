CREATE TABLE "reorder_list_lines" (
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "reorder_list_lines_pkey" PRIMARY KEY("list_id","product_id"),
	CONSTRAINT "reorder_list_lines_quantity_positive" CHECK ("reorder_list_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "reorder_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reorder_list_lines" ADD CONSTRAINT "reorder_list_lines_list_id_reorder_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."reorder_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_list_lines" ADD CONSTRAINT "reorder_list_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_lists" ADD CONSTRAINT "reorder_lists_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reorder_list_lines_product_idx" ON "reorder_list_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reorder_lists_user_name_unique" ON "reorder_lists" USING btree ("user_id",lower("name"));