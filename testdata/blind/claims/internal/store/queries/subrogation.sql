-- name: InsertSubrogationCase :exec
INSERT INTO subrogation_cases (claim_id, counterparty, status, demand_cents)
VALUES ($1, $2, $3, $4);

-- name: SetSubrogationPacket :exec
UPDATE subrogation_cases SET packet_key = $2, status = 'demand_sent' WHERE claim_id = $1;

-- name: SetSubrogationStatus :exec
UPDATE subrogation_cases SET status = $2 WHERE claim_id = $1;

-- name: InsertRecovery :exec
INSERT INTO subrogation_recoveries (id, claim_id, vendor_ref, amount_cents, received_at)
VALUES ($1, $2, $3, $4, $5);
