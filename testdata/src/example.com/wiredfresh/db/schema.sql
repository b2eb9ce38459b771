-- A rental's accrual, under the ID the accrual is given.
CREATE TABLE rental_accruals (
	id        text PRIMARY KEY,
	member_id text NOT NULL,
	miles     integer NOT NULL
);

-- A member's miles, one entry per source's reference.
CREATE TABLE ledger_entries (
	id         bigserial PRIMARY KEY,
	member_id  text NOT NULL,
	source     text NOT NULL,
	source_ref text NOT NULL,
	miles      integer NOT NULL,
	UNIQUE (member_id, source, source_ref)
);

-- A card holder's dispute, under the provider's ID.
CREATE TABLE chargebacks (
	id     text PRIMARY KEY,
	amount integer NOT NULL
);

CREATE TABLE disputes (
	id text PRIMARY KEY
);

CREATE TABLE returns (
	id  text PRIMARY KEY,
	ref text NOT NULL
);

CREATE TABLE pledges (
	id      text PRIMARY KEY,
	tier_id text NOT NULL
);

CREATE TABLE adjustments (
	id        uuid PRIMARY KEY,
	pledge_id text NOT NULL,
	reason    text NOT NULL
);

-- A move between two wallets, under the ID its service gives it.
CREATE TABLE wallet_transfers (
	id     uuid PRIMARY KEY,
	from_wallet text NOT NULL,
	to_wallet   text NOT NULL,
	amount      bigint NOT NULL,
	ref         text
);

CREATE TABLE transfer_notes (
	id          text PRIMARY KEY,
	transfer_id text NOT NULL,
	body        text NOT NULL
);

CREATE TABLE members (
	id    uuid PRIMARY KEY,
	email text NOT NULL
);

CREATE TABLE enrolment_keys (
	key      text PRIMARY KEY,
	resource text NOT NULL
);

-- wiredgenrepo's receipts, under the provider's message ID and status.
CREATE TABLE gate_receipts (
    provider_message_id text NOT NULL,
    status text NOT NULL,
    PRIMARY KEY (provider_message_id, status)
);
