-- +goose Up
-- +goose StatementBegin
CREATE TABLE elevators (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    county      TEXT NOT NULL DEFAULT '',
    state       TEXT NOT NULL DEFAULT '',
    scale_queue TEXT NOT NULL DEFAULT ''
);

CREATE TABLE scale_tickets (
    id             BIGSERIAL PRIMARY KEY,
    elevator_id    TEXT          NOT NULL REFERENCES elevators (id),
    ticket_no      TEXT          NOT NULL,
    grower_id      BIGINT        NOT NULL REFERENCES growers (id),
    commodity      TEXT          NOT NULL,
    truck_id       TEXT          NOT NULL DEFAULT '',
    gross_lb       INT           NOT NULL,
    tare_lb        INT           NOT NULL DEFAULT 0,
    net_lb         INT           NOT NULL DEFAULT 0,
    moisture_pct   NUMERIC(5,2)  NOT NULL DEFAULT 0,
    test_weight    NUMERIC(5,2)  NOT NULL DEFAULT 0,
    gross_bu       NUMERIC(14,2) NOT NULL DEFAULT 0,
    shrink_bu      NUMERIC(14,2) NOT NULL DEFAULT 0,
    net_bu         NUMERIC(14,2) NOT NULL DEFAULT 0,
    drying_charge  NUMERIC(12,2) NOT NULL DEFAULT 0,
    grade_discount NUMERIC(12,2) NOT NULL DEFAULT 0,
    status         TEXT          NOT NULL DEFAULT 'inbound',
    source         TEXT          NOT NULL DEFAULT 'weighbridge',
    weighed_in_at  TIMESTAMPTZ   NOT NULL,
    weighed_out_at TIMESTAMPTZ,
    voided_at      TIMESTAMPTZ,
    void_reason    TEXT          NOT NULL DEFAULT '',
    created_at     TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at     TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT scale_tickets_elevator_ticket_key UNIQUE (elevator_id, ticket_no)
);
CREATE INDEX scale_tickets_grower_idx ON scale_tickets (grower_id, commodity);

CREATE TABLE grade_results (
    id              BIGSERIAL PRIMARY KEY,
    ticket_id       BIGINT        NOT NULL REFERENCES scale_tickets (id),
    lab_sample_id   TEXT          NOT NULL,
    grade           INT           NOT NULL,
    foreign_pct     NUMERIC(5,2)  NOT NULL DEFAULT 0,
    damage_pct      NUMERIC(5,2)  NOT NULL DEFAULT 0,
    protein_pct     NUMERIC(5,2),
    discount_per_bu NUMERIC(8,4)  NOT NULL DEFAULT 0,
    revision        INT           NOT NULL DEFAULT 1,
    graded_at       TIMESTAMPTZ   NOT NULL,
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    CONSTRAINT grade_results_ticket_key UNIQUE (ticket_id)
);

CREATE TABLE contract_applications (
    id           BIGSERIAL PRIMARY KEY,
    ticket_id    BIGINT        NOT NULL REFERENCES scale_tickets (id),
    contract_id  UUID          NOT NULL REFERENCES contracts (id),
    bushels      NUMERIC(14,2) NOT NULL,
    price_per_bu NUMERIC(10,4),
    amount       NUMERIC(14,2) NOT NULL DEFAULT 0,
    applied_by   TEXT          NOT NULL DEFAULT '',
    applied_at   TIMESTAMPTZ   NOT NULL DEFAULT now(),
    reversed_at  TIMESTAMPTZ,
    CONSTRAINT contract_applications_ticket_key UNIQUE (ticket_id)
);
CREATE INDEX contract_applications_contract_idx ON contract_applications (contract_id);

CREATE TABLE premium_adjustments (
    id              BIGSERIAL PRIMARY KEY,
    grower_id       BIGINT        NOT NULL REFERENCES growers (id),
    ticket_id       BIGINT        REFERENCES scale_tickets (id),
    season          INT           NOT NULL,
    kind            TEXT          NOT NULL,
    amount          NUMERIC(12,2) NOT NULL,
    reason          TEXT          NOT NULL DEFAULT '',
    source_event_id TEXT          NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE INDEX premium_adjustments_grower_season_idx ON premium_adjustments (grower_id, season);

CREATE TABLE processed_events (
    consumer     TEXT        NOT NULL,
    event_id     TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DROP TABLE processed_events;
DROP TABLE premium_adjustments;
DROP TABLE contract_applications;
DROP TABLE grade_results;
DROP TABLE scale_tickets;
DROP TABLE elevators;
-- +goose StatementEnd
