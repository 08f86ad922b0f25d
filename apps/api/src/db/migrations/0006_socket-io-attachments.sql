-- Events between several shop processes travel through PostgreSQL (socket.io's Postgres adapter); those over the
-- 8,000-byte NOTIFY limit are kept here for a moment.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial UNIQUE,
	"created_at" timestamptz DEFAULT now(),
	"payload" bytea
);
