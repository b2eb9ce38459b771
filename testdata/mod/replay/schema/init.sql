CREATE TABLE orders (
	id    text PRIMARY KEY,
	total bigint NOT NULL
);

CREATE TABLE payments (
	id       text PRIMARY KEY,
	order_id text NOT NULL,
	amount   bigint NOT NULL
);

CREATE TABLE invoices (
	id    text PRIMARY KEY,
	total bigint NOT NULL
);
