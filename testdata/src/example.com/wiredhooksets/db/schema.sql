CREATE TABLE hooksets_payments (
    id       text PRIMARY KEY,
    event_id text NOT NULL
);

CREATE TABLE hooksets_invoices (
    id       text PRIMARY KEY,
    event_id text NOT NULL
);
