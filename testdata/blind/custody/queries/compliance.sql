-- name: UpsertTravelRuleOutbound :exec
INSERT INTO travel_rule_outbound (id, withdrawal_id, beneficiary_vasp, status, provider_ref)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (withdrawal_id) DO UPDATE
SET status = EXCLUDED.status, provider_ref = EXCLUDED.provider_ref, updated_at = now();

-- name: GetTravelRuleOutbound :one
SELECT * FROM travel_rule_outbound WHERE withdrawal_id = $1;

-- name: InsertTravelRuleInbound :exec
INSERT INTO travel_rule_inbound (id, originator_vasp, transfer_id, asset, amount, beneficiary, payload)
VALUES ($1, $2, $3, $4, $5, $6, $7);

-- name: UpsertScreening :one
INSERT INTO screenings (id, subject_type, subject_id, chain, address, risk_score, decision, provider_ref)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (subject_type, subject_id) DO UPDATE
SET risk_score = EXCLUDED.risk_score,
    decision = EXCLUDED.decision,
    provider_ref = EXCLUDED.provider_ref,
    screened_at = now()
RETURNING *;
