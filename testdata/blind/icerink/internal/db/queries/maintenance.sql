-- name: GetResurfacer :one
SELECT id, rink_id, model, in_service FROM resurfacers
WHERE id = $1;

-- name: SetResurfacerInService :exec
UPDATE resurfacers SET in_service = $2 WHERE id = $1;

-- name: InsertWorkOrder :execrows
INSERT INTO work_orders (id, request_key, resurfacer_id, summary, priority)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT ON CONSTRAINT work_orders_request_key DO NOTHING;

-- name: GetWorkOrder :one
SELECT id, request_key, resurfacer_id, summary, priority, status, contractor_job_id, created_at, dispatched_at, completed_at FROM work_orders
WHERE id = $1;

-- name: GetWorkOrderByJob :one
SELECT id, request_key, resurfacer_id, summary, priority, status, contractor_job_id, created_at, dispatched_at, completed_at FROM work_orders
WHERE contractor_job_id = $1;

-- name: MarkWorkOrderDispatched :exec
UPDATE work_orders
SET status = 'dispatched', contractor_job_id = $2, dispatched_at = now()
WHERE id = $1 AND status = 'open';

-- name: UpdateWorkOrderStatus :exec
UPDATE work_orders
SET status = $2,
    completed_at = CASE WHEN $2 = 'completed' THEN now() ELSE completed_at END
WHERE id = $1;

-- name: InsertDispatchAttempt :exec
INSERT INTO work_order_dispatch_attempts (id, work_order_id, attempt, outcome, detail)
VALUES ($1, $2, $3, $4, $5);

-- name: ClaimContractorEvent :execrows
INSERT INTO contractor_events (event_id, work_order_id, kind)
VALUES ($1, $2, $3)
ON CONFLICT (event_id) DO NOTHING;

-- name: InsertWorkOrderNote :exec
INSERT INTO work_order_notes (id, work_order_id, author, body)
VALUES ($1, $2, $3, $4);
