-- Core payroll schema.

CREATE TABLE IF NOT EXISTS companies (
    id                  uuid PRIMARY KEY,
    name                text NOT NULL,
    currency            text NOT NULL DEFAULT 'usd',
    payout_account_ref  text NOT NULL DEFAULT '',
    payout_routing_code text NOT NULL DEFAULT '',
    stripe_account_id   text NOT NULL DEFAULT '',
    payslip_reply_to    text NOT NULL DEFAULT '',
    settings_updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS employees (
    id                uuid PRIMARY KEY,
    company_id        uuid NOT NULL REFERENCES companies(id),
    employee_number   text NOT NULL,
    full_name         text NOT NULL,
    email             text NOT NULL,
    bank_account_ref  text NOT NULL DEFAULT '',
    stripe_account_id text NOT NULL DEFAULT '',
    email_bounced     boolean NOT NULL DEFAULT false,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS pay_runs (
    id           text PRIMARY KEY,
    company_id   uuid NOT NULL REFERENCES companies(id),
    reference    text NOT NULL,
    kind         text NOT NULL DEFAULT 'regular',
    period_start date NOT NULL,
    period_end   date NOT NULL,
    pay_date     date NOT NULL,
    status       text NOT NULL,
    total_cents  bigint NOT NULL DEFAULT 0,
    currency     text NOT NULL DEFAULT 'usd',
    created_at   timestamptz NOT NULL DEFAULT now(),
    approved_at  timestamptz,
    approved_by  text
);

CREATE TABLE IF NOT EXISTS payslips (
    id          uuid PRIMARY KEY,
    pay_run_id  text NOT NULL REFERENCES pay_runs(id),
    employee_id uuid NOT NULL REFERENCES employees(id),
    gross_cents bigint NOT NULL,
    tax_cents   bigint NOT NULL,
    net_cents   bigint NOT NULL,
    emailed_at  timestamptz
);

CREATE TABLE IF NOT EXISTS payouts (
    id                   uuid PRIMARY KEY,
    payslip_id           uuid NOT NULL REFERENCES payslips(id),
    pay_run_id           text NOT NULL REFERENCES pay_runs(id),
    employee_id          uuid NOT NULL REFERENCES employees(id),
    amount_cents         bigint NOT NULL,
    currency             text NOT NULL,
    status               text NOT NULL,
    provider_transfer_id text,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS off_cycle_payments (
    id                   uuid PRIMARY KEY,
    company_id           uuid NOT NULL REFERENCES companies(id),
    employee_id          uuid NOT NULL REFERENCES employees(id),
    amount_cents         bigint NOT NULL,
    currency             text NOT NULL,
    memo                 text NOT NULL DEFAULT '',
    provider_transfer_id text NOT NULL,
    created_at           timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS expense_claims (
    id           uuid PRIMARY KEY,
    company_id   uuid NOT NULL REFERENCES companies(id),
    employee_id  uuid NOT NULL REFERENCES employees(id),
    amount_cents bigint NOT NULL,
    currency     text NOT NULL,
    category     text NOT NULL,
    description  text NOT NULL DEFAULT '',
    receipt_url  text NOT NULL DEFAULT '',
    status       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    approved_at  timestamptz,
    approved_by  text
);

CREATE TABLE IF NOT EXISTS reimbursements (
    id                 uuid PRIMARY KEY,
    claim_id           uuid NOT NULL REFERENCES expense_claims(id),
    employee_id        uuid NOT NULL REFERENCES employees(id),
    amount_cents       bigint NOT NULL,
    currency           text NOT NULL,
    status             text NOT NULL,
    stripe_transfer_id text,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS reimbursement_reversals (
    id                 uuid PRIMARY KEY,
    claim_id           uuid NOT NULL,
    stripe_transfer_id text NOT NULL,
    amount_cents       bigint NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS idempotency_keys (
    company_id    uuid NOT NULL,
    key           text NOT NULL,
    request_hash  text NOT NULL,
    resource_id   uuid,
    response_code int,
    response_body jsonb,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS webhook_events (
    provider    text NOT NULL,
    event_id    text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS processed_bank_returns (
    return_id    text PRIMARY KEY,
    processed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS email_events (
    id                uuid PRIMARY KEY,
    provider_event_id text NOT NULL,
    message_id        text NOT NULL,
    event_type        text NOT NULL,
    recipient         text NOT NULL,
    payload           jsonb,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS final_pay_requests (
    id             text PRIMARY KEY,
    termination_id text NOT NULL,
    employee_id    uuid NOT NULL,
    pay_run_id     text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS audit_log (
    id         uuid PRIMARY KEY,
    actor      text NOT NULL,
    action     text NOT NULL,
    subject    text NOT NULL,
    detail     jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
);
