-- name: InsertAccessCard :one
INSERT INTO access_cards (id, member_id, card_slot, status)
VALUES ($1, $2, $3, 'provisioning')
ON CONFLICT (member_id, card_slot) DO UPDATE
SET card_slot = EXCLUDED.card_slot
RETURNING *;

-- name: GetAccessCard :one
SELECT * FROM access_cards
WHERE id = $1;

-- name: ActivateAccessCard :exec
UPDATE access_cards
SET status = 'active', partner_card_id = $2
WHERE id = $1;

-- name: ListActiveCardsForMember :many
SELECT * FROM access_cards
WHERE member_id = $1 AND status = 'active'
ORDER BY created_at;

-- name: MarkCardRevoked :exec
UPDATE access_cards
SET status = 'revoked', revoked_at = now()
WHERE id = $1 AND status <> 'revoked';

-- name: GetAccessCardByPartnerID :one
SELECT * FROM access_cards
WHERE partner_card_id = $1;

-- name: SetCardStatusByPartnerID :exec
UPDATE access_cards
SET status = $2
WHERE partner_card_id = $1;

-- name: InsertDoorEvent :execrows
INSERT INTO door_events (partner_event_id, partner_card_id, kind, door, occurred_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (partner_event_id) DO NOTHING;
