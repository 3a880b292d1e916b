-- One-time codes carrying a cart between a custom domain and the main domain (a minute, one use).
CREATE TABLE IF NOT EXISTS "cart_links" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
