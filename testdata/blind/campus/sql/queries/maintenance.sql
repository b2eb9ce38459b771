-- name: CreateMaintenanceRequest :one
INSERT INTO maintenance_requests (id, student_id, room_id, category, priority, description)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: GetMaintenanceRequest :one
SELECT * FROM maintenance_requests WHERE id = $1;

-- name: GetMaintenanceRequestByWorkOrder :one
SELECT * FROM maintenance_requests WHERE work_order_id = $1;

-- name: PickContractor :one
SELECT * FROM contractors WHERE trade = $1 ORDER BY id LIMIT 1;

-- name: GetContractor :one
SELECT * FROM contractors WHERE id = $1;

-- name: MarkRequestDispatched :exec
UPDATE maintenance_requests
SET status = 'dispatched', contractor_id = $2, work_order_id = $3, updated_at = now()
WHERE id = $1 AND status = 'open';

-- name: MarkRequestPaged :exec
UPDATE maintenance_requests SET paged_at = now(), updated_at = now()
WHERE id = $1;

-- name: MarkRequestAccepted :execrows
UPDATE maintenance_requests SET status = 'accepted', updated_at = now()
WHERE work_order_id = $1 AND status = 'dispatched';

-- name: UpsertVisit :exec
INSERT INTO contractor_visits (work_order_id, request_id, scheduled_for, technician)
VALUES ($1, $2, $3, $4)
ON CONFLICT (work_order_id) DO UPDATE
    SET scheduled_for = EXCLUDED.scheduled_for,
        technician    = EXCLUDED.technician,
        updated_at    = now();

-- name: MarkRequestScheduled :exec
UPDATE maintenance_requests SET status = 'scheduled', updated_at = now()
WHERE work_order_id = $1 AND status IN ('dispatched', 'accepted');

-- name: MarkRequestCompleted :exec
UPDATE maintenance_requests SET status = 'completed', updated_at = now()
WHERE work_order_id = $1;

-- name: InsertContractorInvoice :one
INSERT INTO contractor_invoices (id, request_id, work_order_id, contractor_id, invoice_number, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING *;

-- name: GetContractorInvoice :one
SELECT * FROM contractor_invoices WHERE id = $1;

-- name: MarkInvoicePaid :exec
UPDATE contractor_invoices SET status = 'paid', payout_id = $2
WHERE id = $1;

-- name: LogContractorMessage :exec
INSERT INTO contractor_message_log (id, sqs_message_id, work_order_id, event_type, receive_count, body)
VALUES ($1, $2, $3, $4, $5, $6);
