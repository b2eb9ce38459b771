CREATE TABLE campaigns (
    id                   TEXT PRIMARY KEY,
    advertiser_id        TEXT        NOT NULL REFERENCES advertisers (id),
    client_ref           TEXT        NOT NULL,
    name                 TEXT        NOT NULL,
    status               TEXT        NOT NULL DEFAULT 'active'
                         CHECK (status IN ('active', 'paused', 'paused_budget', 'paused_balance', 'archived')),
    pricing_model        TEXT        NOT NULL CHECK (pricing_model IN ('cpm', 'cpc')),
    bid_micros           BIGINT      NOT NULL,
    daily_budget_micros  BIGINT      NOT NULL,
    total_budget_micros  BIGINT      NOT NULL,
    spent_micros         BIGINT      NOT NULL DEFAULT 0,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT campaigns_client_ref_uq UNIQUE (advertiser_id, client_ref)
);

-- Audit trail of budget edits (one row per accepted request).
CREATE TABLE campaign_budget_changes (
    id                       TEXT PRIMARY KEY,
    campaign_id              TEXT        NOT NULL REFERENCES campaigns (id),
    request_id               TEXT        NOT NULL,
    old_daily_budget_micros  BIGINT      NOT NULL,
    new_daily_budget_micros  BIGINT      NOT NULL,
    old_total_budget_micros  BIGINT      NOT NULL,
    new_total_budget_micros  BIGINT      NOT NULL,
    changed_by               TEXT        NOT NULL,
    changed_at               TIMESTAMPTZ NOT NULL DEFAULT now()
);
