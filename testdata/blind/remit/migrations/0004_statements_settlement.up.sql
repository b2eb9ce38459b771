CREATE TABLE statements (
    id             text PRIMARY KEY,
    customer_id    text        NOT NULL,
    period         varchar(7)  NOT NULL,
    transfer_count integer     NOT NULL,
    total_sent     bigint      NOT NULL,
    total_fees     bigint      NOT NULL,
    currency       varchar(3)  NOT NULL,
    document_key   text        NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX statement_customer_id_period ON statements (customer_id, period);

CREATE TABLE settlement_files (
    id            text PRIMARY KEY,
    partner       text        NOT NULL,
    business_date date        NOT NULL,
    status        text        NOT NULL DEFAULT 'received',
    line_count    integer     NOT NULL DEFAULT 0,
    net_amount    bigint      NOT NULL DEFAULT 0,
    currency      varchar(3)  NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX settlementfile_partner_business_date ON settlement_files (partner, business_date);

CREATE TABLE settlement_lines (
    id          uuid PRIMARY KEY,
    file_id     text       NOT NULL REFERENCES settlement_files (id),
    partner     text       NOT NULL,
    partner_ref text       NOT NULL,
    amount      bigint     NOT NULL,
    fee         bigint     NOT NULL,
    currency    varchar(3) NOT NULL,
    status      text       NOT NULL DEFAULT 'unmatched'
);
CREATE UNIQUE INDEX settlementline_file_id_partner_ref ON settlement_lines (file_id, partner_ref);

CREATE TABLE settlement_adjustments (
    id         uuid PRIMARY KEY,
    file_id    text        NOT NULL,
    line_id    uuid        NOT NULL,
    payout_id  uuid,
    kind       text        NOT NULL,
    amount     bigint      NOT NULL,
    currency   varchar(3)  NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX settlementadjustment_file_id ON settlement_adjustments (file_id);

-- Partner net positions, maintained by the settlement close job.
CREATE TABLE partner_positions (
    partner       text        NOT NULL,
    business_date date        NOT NULL,
    currency      varchar(3)  NOT NULL,
    net_amount    bigint      NOT NULL,
    closed_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (partner, business_date, currency)
);
