-- Patrons, seasons and season subscriptions with their installment schedules.

CREATE TABLE patrons (
    id                 TEXT PRIMARY KEY,
    email              TEXT NOT NULL,
    phone              TEXT,
    full_name          TEXT NOT NULL,
    stripe_customer_id TEXT,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX patrons_email_key ON patrons (lower(email));
CREATE UNIQUE INDEX patrons_stripe_customer_key ON patrons (stripe_customer_id)
    WHERE stripe_customer_id IS NOT NULL;

CREATE TABLE seasons (
    id        TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    opens_on  DATE NOT NULL,
    closes_on DATE NOT NULL,
    CHECK (closes_on > opens_on)
);

CREATE TABLE subscription_packages (
    code        TEXT PRIMARY KEY,
    season_id   TEXT NOT NULL REFERENCES seasons (id),
    name        TEXT NOT NULL,
    concerts    INT NOT NULL CHECK (concerts > 0),
    price_cents BIGINT NOT NULL CHECK (price_cents > 0)
);

CREATE TABLE subscriptions (
    id                 TEXT PRIMARY KEY,
    patron_id          TEXT NOT NULL REFERENCES patrons (id),
    season_id          TEXT NOT NULL REFERENCES seasons (id),
    package_code       TEXT NOT NULL REFERENCES subscription_packages (code),
    seat_count         INT NOT NULL CHECK (seat_count > 0),
    total_cents        BIGINT NOT NULL CHECK (total_cents >= 0),
    paid_cents         BIGINT NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
    installment_count  INT NOT NULL CHECK (installment_count BETWEEN 1 AND 12),
    stripe_customer_id TEXT NOT NULL,
    payment_method_id  TEXT NOT NULL,
    status             TEXT NOT NULL DEFAULT 'active'
        CHECK (status IN ('active', 'paid_in_full', 'lapsed', 'cancelled')),
    welcome_sent_at    TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A patron holds at most one live subscription per season; cancelled ones
-- stay for history and do not block a new purchase.
CREATE UNIQUE INDEX subscriptions_patron_season_live_key
    ON subscriptions (patron_id, season_id)
    WHERE status <> 'cancelled';

CREATE TABLE installments (
    id                TEXT PRIMARY KEY,
    subscription_id   TEXT NOT NULL REFERENCES subscriptions (id),
    seq_no            INT NOT NULL CHECK (seq_no > 0),
    due_on            DATE NOT NULL,
    amount_cents      BIGINT NOT NULL CHECK (amount_cents > 0),
    status            TEXT NOT NULL DEFAULT 'scheduled'
        CHECK (status IN ('scheduled', 'paid', 'failed', 'written_off')),
    failure_count     INT NOT NULL DEFAULT 0,
    payment_intent_id TEXT,
    paid_at           TIMESTAMPTZ,
    reminder_sent_at  TIMESTAMPTZ,
    UNIQUE (subscription_id, seq_no)
);

CREATE INDEX installments_due_idx ON installments (due_on)
    WHERE status IN ('scheduled', 'failed');

CREATE TABLE installment_payments (
    id                TEXT PRIMARY KEY,
    installment_id    TEXT NOT NULL REFERENCES installments (id),
    payment_intent_id TEXT NOT NULL UNIQUE,
    amount_cents      BIGINT NOT NULL,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE fulfilments (
    id              TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions (id),
    vendor_job_id   TEXT NOT NULL UNIQUE,
    ship_method     TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX fulfilments_subscription_idx ON fulfilments (subscription_id);
