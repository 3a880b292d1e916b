-- Issue 63: the seller's own note on an order she took (a chat or counter sale), never shown
-- to the buyer. Rerunnable.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "seller_note" text;
