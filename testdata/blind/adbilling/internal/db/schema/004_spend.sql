-- Individual billable events from the impression and click streams.
CREATE TABLE spend_events (
    event_id       TEXT PRIMARY KEY,
    kind           TEXT        NOT NULL CHECK (kind IN ('impression', 'click')),
    campaign_id    TEXT        NOT NULL REFERENCES campaigns (id),
    advertiser_id  TEXT        NOT NULL,
    publisher_id   TEXT        NOT NULL,
    cost_micros    BIGINT      NOT NULL,
    occurred_at    TIMESTAMPTZ NOT NULL,
    ingested_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX spend_events_adv_day_idx ON spend_events (advertiser_id, occurred_at);

-- One row per advertiser per day once the day has been charged.
CREATE TABLE daily_spend (
    id             TEXT PRIMARY KEY,
    advertiser_id  TEXT        NOT NULL REFERENCES advertisers (id),
    day            DATE        NOT NULL,
    impressions    BIGINT      NOT NULL,
    clicks         BIGINT      NOT NULL,
    spend_micros   BIGINT      NOT NULL,
    charged_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT daily_spend_adv_day_uq UNIQUE (advertiser_id, day)
);

-- Adjustments raised by the fraud pipeline for invalid traffic.
CREATE TABLE ivt_adjustments (
    id             TEXT PRIMARY KEY,
    verdict_id     TEXT        NOT NULL,
    campaign_id    TEXT        NOT NULL,
    advertiser_id  TEXT        NOT NULL,
    publisher_id   TEXT        NOT NULL,
    amount_micros  BIGINT      NOT NULL,
    event_count    INT         NOT NULL,
    reason         TEXT        NOT NULL,
    detected_at    TIMESTAMPTZ NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ivt_adjustments_adv_idx ON ivt_adjustments (advertiser_id, detected_at);
CREATE INDEX ivt_adjustments_verdict_idx ON ivt_adjustments (verdict_id);
