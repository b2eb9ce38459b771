CREATE TABLE tickets (serial uuid NOT NULL, title text, CONSTRAINT tickets_pk PRIMARY KEY (serial));
CREATE TABLE purchases (purchase_id text PRIMARY KEY, customer_id uuid NOT NULL);
CREATE TABLE users (id uuid PRIMARY KEY, email text NOT NULL UNIQUE, name text);
CREATE TABLE members (id uuid PRIMARY KEY, club text NOT NULL, email text NOT NULL, UNIQUE (club, email));
CREATE TABLE events (id uuid PRIMARY KEY, event_id uuid NOT NULL UNIQUE, name text);
