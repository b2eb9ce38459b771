CREATE TABLE esims (
    id                uuid PRIMARY KEY,
    order_id          uuid NOT NULL REFERENCES orders (id),
    customer_id       uuid NOT NULL REFERENCES customers (id),
    carrier           text NOT NULL,
    plan_sku          text NOT NULL,
    iccid             text,
    activation_code   text,
    status            text NOT NULL,
    data_limit_bytes  bigint NOT NULL,
    used_bytes        bigint NOT NULL DEFAULT 0,
    reissue_count     integer NOT NULL DEFAULT 0,
    installed_at      timestamptz,
    expires_at        timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT esims_order_key UNIQUE (order_id),
    CONSTRAINT esims_iccid_key UNIQUE (iccid)
);

CREATE INDEX esims_status_expiry_idx ON esims (status, expires_at);

CREATE TABLE top_ups (
    id             uuid PRIMARY KEY,
    esim_id        uuid NOT NULL REFERENCES esims (id),
    customer_id    uuid NOT NULL REFERENCES customers (id),
    bundle_code    text NOT NULL,
    data_bytes     bigint NOT NULL,
    amount_minor   bigint NOT NULL,
    currency       char(3) NOT NULL,
    status         text NOT NULL,
    psp_reference  text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX top_ups_esim_idx ON top_ups (esim_id);

-- Per-report usage deltas pushed by carriers with callbacks.
CREATE TABLE usage_reports (
    report_id    text PRIMARY KEY,
    esim_id      uuid NOT NULL REFERENCES esims (id),
    bytes        bigint NOT NULL,
    received_at  timestamptz NOT NULL DEFAULT now()
);

-- Usage windows pulled from carriers without callbacks.
CREATE TABLE usage_records (
    id            text PRIMARY KEY,
    esim_id       uuid NOT NULL REFERENCES esims (id),
    window_start  timestamptz NOT NULL,
    window_end    timestamptz NOT NULL,
    bytes         bigint NOT NULL,
    source        text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX usage_records_esim_window_idx ON usage_records (esim_id, window_start);

CREATE TABLE usage_alert_settings (
    esim_id  uuid NOT NULL REFERENCES esims (id),
    percent  integer NOT NULL CHECK (percent BETWEEN 1 AND 100),
    channel  text NOT NULL,
    PRIMARY KEY (esim_id, percent)
);

CREATE TABLE usage_alerts_sent (
    esim_id  uuid NOT NULL,
    percent  integer NOT NULL,
    channel  text NOT NULL,
    sent_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (esim_id, percent)
);
