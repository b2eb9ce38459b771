-- name: GetTicket :one
SELECT * FROM tickets WHERE id = $1;

-- name: CreateTicket :one
INSERT INTO tickets (id, event_id)
VALUES ($1, $2)
RETURNING *;
