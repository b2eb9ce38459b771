-- name: GetMember :one
SELECT id, email, full_name, phone, card_customer_id, created_at FROM members
WHERE id = $1;

-- name: InsertSeasonPass :exec
INSERT INTO season_passes (member_id, season, tier, card_customer_id, monthly_cents, first_charge_id, valid_until)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT ON CONSTRAINT season_passes_member_season_key DO NOTHING;

-- name: GetSeasonPassByMember :one
SELECT id, member_id, season, tier, status, card_customer_id, monthly_cents, first_charge_id, valid_until, created_at FROM season_passes
WHERE member_id = $1 AND season = $2;

-- name: GetSeasonPass :one
SELECT id, member_id, season, tier, status, card_customer_id, monthly_cents, first_charge_id, valid_until, created_at FROM season_passes
WHERE id = $1;

-- name: ListPassesDueForRenewal :many
SELECT id, member_id, season, tier, status, card_customer_id, monthly_cents, first_charge_id, valid_until, created_at FROM season_passes
WHERE status = 'active' AND valid_until <= $1
ORDER BY valid_until;

-- name: UpsertPassCharge :one
INSERT INTO pass_charges (pass_id, period, amount_cents)
VALUES ($1, $2, $3)
ON CONFLICT (pass_id, period) DO UPDATE SET pass_id = EXCLUDED.pass_id
RETURNING pass_id, period, charge_id, amount_cents, status, created_at;

-- name: SetPassChargeSubmitted :exec
UPDATE pass_charges
SET charge_id = $3
WHERE pass_id = $1 AND period = $2 AND status = 'pending';

-- name: MarkPassChargePaid :exec
UPDATE pass_charges
SET status = 'paid', charge_id = $3
WHERE pass_id = $1 AND period = $2;

-- name: ExtendPassValidity :exec
UPDATE season_passes
SET valid_until = (valid_until + interval '1 month')::date, status = 'active'
WHERE id = $1;

-- name: CardpayEventSeen :one
SELECT EXISTS (SELECT 1 FROM cardpay_webhook_events WHERE event_id = $1);

-- name: RecordCardpayEvent :exec
INSERT INTO cardpay_webhook_events (event_id, event_type)
VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING;
