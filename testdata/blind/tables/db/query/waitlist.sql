-- name: InsertWaitlistEntry :one
INSERT INTO waitlist_entries (id, restaurant_id, diner_id, phone, guest_name, party_size, desired_at, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, 'waiting')
RETURNING *;

-- name: GetWaitlistEntry :one
SELECT * FROM waitlist_entries WHERE id = $1;

-- name: SetWaitlistEntryStatus :exec
UPDATE waitlist_entries SET status = $2 WHERE id = $1;

-- name: UpsertWaitlistOffer :one
INSERT INTO waitlist_offers (id, entry_id, slot_id, status, expires_at)
VALUES ($1, $2, $3, 'sent', $4)
ON CONFLICT (entry_id) DO UPDATE
SET slot_id = excluded.slot_id,
    expires_at = excluded.expires_at,
    status = 'sent',
    updated_at = now()
RETURNING *;

-- name: ClaimWaitlistOffer :one
UPDATE waitlist_offers
SET status = 'accepted', updated_at = now()
WHERE id = $1 AND status = 'sent' AND expires_at > now()
RETURNING *;

-- name: GetWaitlistOffer :one
SELECT * FROM waitlist_offers WHERE id = $1;

-- name: SetOfferBooking :exec
UPDATE waitlist_offers SET booking_id = $2, updated_at = now() WHERE id = $1;
