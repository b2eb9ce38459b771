-- The tables of naturalkey/schema: their keys decide which columns are
-- the rows' identities.
CREATE TABLE imports (
	order_id text PRIMARY KEY,
	source text NOT NULL
);

CREATE TABLE audit (
	seq bigserial PRIMARY KEY,
	id text NOT NULL,
	action text NOT NULL
);

CREATE TABLE members (
	member_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	email text NOT NULL UNIQUE,
	name text NOT NULL
);

CREATE TABLE deliveries (
	message_id text NOT NULL,
	shard int NOT NULL,
	UNIQUE (message_id, shard)
);
