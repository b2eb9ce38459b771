-- name: UpsertAttendee :one
INSERT INTO attendees (id, email, phone, full_name)
VALUES ($1, $2, $3, $4)
ON CONFLICT (email) DO UPDATE
    SET phone = EXCLUDED.phone,
        full_name = EXCLUDED.full_name
RETURNING *;

-- name: GetAttendee :one
SELECT * FROM attendees WHERE id = $1;

-- name: SetRefundAccount :exec
UPDATE attendees
SET refund_iban = @iban, refund_holder = @holder
WHERE id = @id;

-- name: ListAttendeesAwaitingRefundNotice :many
SELECT a.*
FROM attendees a
JOIN wallets w ON w.attendee_id = a.id
WHERE a.refund_notice_sent_at IS NULL
  AND w.balance_cents > 0
ORDER BY a.id
LIMIT $1;

-- name: MarkRefundNoticeSent :exec
UPDATE attendees
SET refund_notice_sent_at = now()
WHERE id = ANY(@ids::uuid[]);
