-- name: TakeSkatePair :execrows
UPDATE skate_inventory
SET available = available - 1
WHERE rink_id = $1 AND size = $2 AND available > 0;

-- name: RestockSkatePair :exec
UPDATE skate_inventory
SET available = available + 1
WHERE rink_id = $1 AND size = $2;

-- name: GetRental :one
SELECT id, ticket_no, rink_id, skate_size, member_id, card_token, deposit_cents, deposit_hold_id, status, damage_cents, checked_out_at, returned_at, deposit_settled FROM rentals
WHERE id = $1;

-- name: MarkRentalReturned :one
UPDATE rentals
SET status = 'returned', returned_at = now(), damage_cents = $2
WHERE id = $1 AND status = 'out'
RETURNING id, ticket_no, rink_id, skate_size, member_id, card_token, deposit_cents, deposit_hold_id, status, damage_cents, checked_out_at, returned_at, deposit_settled;

-- name: SetDepositSettled :exec
UPDATE rentals SET deposit_settled = $2 WHERE id = $1;
