CREATE TABLE insertget_cancellations (
    id            text PRIMARY KEY,
    membership_id text NOT NULL UNIQUE,
    refund_ref    text
);
