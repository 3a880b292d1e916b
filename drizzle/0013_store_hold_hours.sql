-- How long each shop holds the stock of an unpaid transfer or WhatsApp order (24 h unless the
-- seller says otherwise). IF NOT EXISTS: a migration may run again after an interrupted start.
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "hold_hours" integer DEFAULT 24 NOT NULL;
