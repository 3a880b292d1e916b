-- A boleta for every paid sale (issue 49): each seller's invoicing account, and the tax documents
-- of orders. Rerunnable.
CREATE TABLE IF NOT EXISTS "invoicing_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"api_key" text NOT NULL,
	"api_key_hint" text NOT NULL,
	"issuer" jsonb,
	"check" text,
	"checked_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tax_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL REFERENCES "public"."orders"("id") ON DELETE cascade,
	"seller_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"dte_type" integer NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"idempotency_key" text NOT NULL,
	"folio" integer,
	"token" text,
	"pdf" "bytea",
	"neto" integer NOT NULL,
	"iva" integer NOT NULL,
	"exento" integer NOT NULL,
	"total" integer NOT NULL,
	"error" text,
	"warned_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tax_documents_key" ON "tax_documents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "tax_documents_order_type_key" ON "tax_documents" USING btree ("order_id","dte_type");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_documents_seller_created_idx" ON "tax_documents" USING btree ("seller_id","created_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "invoice" jsonb;
