-- migrate:up
CREATE TABLE ride_requests (
    id                uuid PRIMARY KEY,
    patient_id        uuid NOT NULL REFERENCES patients (id),
    clinic_id         uuid NOT NULL REFERENCES clinics (id),
    schedule_id       uuid REFERENCES schedules (id),
    request_id        text,
    session_date      date NOT NULL,
    leg               text NOT NULL CHECK (leg IN ('to_clinic', 'from_clinic')),
    pickup_at         timestamptz NOT NULL,
    mobility          text NOT NULL,
    pickup_address    text NOT NULL,
    dropoff_address   text NOT NULL,
    status            text NOT NULL DEFAULT 'requested'
                      CHECK (status IN ('requested', 'booked', 'cancel_requested', 'cancelled',
                                        'completed', 'no_show', 'failed')),
    partner_ride_id   text UNIQUE,
    partner_status    text,
    last_error        text,
    created_by        text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX ride_requests_schedule_leg_key
    ON ride_requests (schedule_id, session_date, leg)
    WHERE schedule_id IS NOT NULL;

CREATE UNIQUE INDEX ride_requests_adhoc_key
    ON ride_requests (patient_id, request_id)
    WHERE request_id IS NOT NULL;

CREATE TABLE ride_events (
    partner_event_id  text PRIMARY KEY,
    ride_request_id   uuid NOT NULL REFERENCES ride_requests (id),
    status            text NOT NULL,
    occurred_at       timestamptz NOT NULL,
    payload           jsonb NOT NULL,
    received_at       timestamptz NOT NULL DEFAULT now()
);

-- migrate:down
DROP TABLE ride_events;
DROP TABLE ride_requests;
