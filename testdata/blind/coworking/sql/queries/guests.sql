-- name: InsertGuestInvitation :one
INSERT INTO guest_invitations (id, host_member_id, room_booking_id, guest_name, guest_phone, visit_date)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: GetGuestInvitation :one
SELECT * FROM guest_invitations
WHERE id = $1;

-- name: SetInvitationSent :exec
UPDATE guest_invitations
SET status = 'sent', sms_message_id = $2
WHERE id = $1;

-- name: ListInvitationsForDate :many
SELECT * FROM guest_invitations
WHERE visit_date = $1 AND status = 'sent' AND reminder_sent = false
ORDER BY id;

-- name: MarkReminderSent :execrows
UPDATE guest_invitations
SET reminder_sent = true
WHERE id = $1 AND reminder_sent = false;

-- name: InsertCompanyWebhookDelivery :exec
INSERT INTO company_webhook_deliveries (id, company_id, event_type, subject_id, status_code)
VALUES ($1, $2, $3, $4, $5);
