-- Agents, pilots and the pilotage jobs they request.

CREATE TABLE agents (
    id            text PRIMARY KEY,
    name          text NOT NULL,
    billing_email text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pilots (
    id            text PRIMARY KEY,
    full_name     text NOT NULL,
    mobile        text NOT NULL,
    licence_class text NOT NULL,
    active        boolean NOT NULL DEFAULT true
);

CREATE TABLE pilotage_jobs (
    id             text PRIMARY KEY,
    agent_id       text NOT NULL REFERENCES agents (id),
    agent_ref      text,
    vessel_imo     text NOT NULL,
    vessel_name    text NOT NULL,
    gross_tonnage  integer NOT NULL,
    movement       text NOT NULL CHECK (movement IN ('arrival', 'departure', 'shift')),
    berth          text NOT NULL,
    scheduled_at   timestamptz NOT NULL,
    source         text NOT NULL DEFAULT 'agent',
    status         text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'dispatched', 'boarded', 'disembarked', 'completed', 'cancelled')),
    pilot_id       text REFERENCES pilots (id),
    boarded_at     timestamptz,
    disembarked_at timestamptz,
    cancelled_at   timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- agent_ref is set by the EDI import for agents that book by their own reference.
CREATE UNIQUE INDEX pilotage_jobs_agent_ref_key
    ON pilotage_jobs (agent_id, agent_ref)
    WHERE agent_ref IS NOT NULL;

CREATE INDEX pilotage_jobs_status_idx ON pilotage_jobs (status, scheduled_at);

-- One row per dispatch attempt from the dispatcher console, successful or not.
CREATE TABLE dispatch_attempts (
    id           text PRIMARY KEY,
    job_id       text NOT NULL REFERENCES pilotage_jobs (id),
    pilot_id     text NOT NULL,
    outcome      text NOT NULL,
    attempted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE boardings (
    job_id     text PRIMARY KEY REFERENCES pilotage_jobs (id),
    pilot_id   text NOT NULL REFERENCES pilots (id),
    boarded_at timestamptz NOT NULL,
    latitude   double precision,
    longitude  double precision
);

-- Liner agents keep standing orders: an ETA notice for the vessel books a pilot.
CREATE TABLE standing_orders (
    vessel_imo text PRIMARY KEY,
    agent_id   text NOT NULL REFERENCES agents (id),
    vessel_name text NOT NULL,
    gross_tonnage integer NOT NULL,
    berth      text NOT NULL
);

CREATE TABLE eta_notices (
    notice_id   text PRIMARY KEY,
    vessel_imo  text NOT NULL,
    eta         timestamptz NOT NULL,
    berth       text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vessel_movements (
    id            text PRIMARY KEY,
    report_id     text NOT NULL,
    job_id        text REFERENCES pilotage_jobs (id),
    vessel_imo    text NOT NULL,
    kind          text NOT NULL,
    gross_tonnage integer NOT NULL,
    occurred_at   timestamptz NOT NULL,
    received_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX vessel_movements_report_idx ON vessel_movements (report_id);
