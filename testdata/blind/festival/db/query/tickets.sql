-- name: InsertTicket :exec
INSERT INTO tickets (id, order_ref, attendee_id, ticket_type)
VALUES ($1, $2, $3, $4);

-- name: GetTicketForUpdate :one
SELECT * FROM tickets WHERE id = $1 FOR UPDATE;

-- name: SetTicketStatus :exec
UPDATE tickets SET status = $2 WHERE id = $1;

-- name: ReassignTicket :exec
UPDATE tickets SET attendee_id = $2, status = 'valid' WHERE id = $1;

-- name: CancelPendingTransfers :execrows
UPDATE ticket_transfers
SET status = 'cancelled'
WHERE ticket_id = $1
  AND status = 'pending';

-- name: CreateTransfer :one
INSERT INTO ticket_transfers (id, ticket_id, from_attendee, to_email, to_phone, claim_code)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: GetTransfer :one
SELECT * FROM ticket_transfers WHERE id = $1;

-- name: AcceptTransfer :one
UPDATE ticket_transfers
SET status = 'accepted', to_attendee = @to_attendee, accepted_at = now()
WHERE id = @id
  AND status = 'pending'
  AND claim_code = @claim_code
RETURNING *;
