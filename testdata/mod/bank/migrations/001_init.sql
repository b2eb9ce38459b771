CREATE TABLE transfers (id text PRIMARY KEY, amount bigint NOT NULL);
CREATE TABLE accounts (id text PRIMARY KEY, email text NOT NULL UNIQUE);
CREATE TABLE statements (id bigserial PRIMARY KEY, account text NOT NULL);
