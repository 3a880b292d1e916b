-- Issue 51: a customer's orders by their e-mail as the customers' list groups it. Rerunnable.
CREATE INDEX IF NOT EXISTS "orders_seller_email_idx" ON "orders" USING btree ("seller_id",lower(trim("buyer_email")));
