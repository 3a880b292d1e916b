-- One buyer (an e-mail or an address) may hold only a share of a product's stock in unpaid
-- orders: the shop sets the share (50 % unless it says otherwise); orders keep a hash of the
-- buyer's address to count it. IF NOT EXISTS: a start may run this again.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "holder" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "hold_share" integer DEFAULT 50 NOT NULL;
