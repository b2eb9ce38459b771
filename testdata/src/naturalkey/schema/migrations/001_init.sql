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
