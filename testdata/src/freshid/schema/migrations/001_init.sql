CREATE TABLE tickets (serial uuid NOT NULL, title text, CONSTRAINT tickets_pk PRIMARY KEY (serial));
CREATE TABLE purchases (purchase_id text PRIMARY KEY, customer_id uuid NOT NULL);
