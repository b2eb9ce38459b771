CREATE TABLE tickets (serial uuid NOT NULL, title text, CONSTRAINT tickets_pk PRIMARY KEY (serial));
CREATE TABLE purchases (purchase_id text PRIMARY KEY, customer_id uuid NOT NULL);
CREATE TABLE users (id uuid PRIMARY KEY, email text NOT NULL UNIQUE, name text);
CREATE TABLE members (id uuid PRIMARY KEY, club text NOT NULL, email text NOT NULL, UNIQUE (club, email));
CREATE TABLE events (id uuid PRIMARY KEY, event_id uuid NOT NULL UNIQUE, name text);
CREATE TABLE comments (comment_id uuid PRIMARY KEY DEFAULT gen_random_uuid(), body text NOT NULL);
CREATE TABLE history (id bigserial PRIMARY KEY, text text NOT NULL);
CREATE TABLE accounts (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, email text NOT NULL UNIQUE);
CREATE TABLE deliveries (id serial PRIMARY KEY, message_id text NOT NULL UNIQUE);
