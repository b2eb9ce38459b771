-- name: GetSkateSession :one
SELECT id, rink_id, starts_at, ends_at, capacity, remaining, price_cents FROM skate_sessions
WHERE id = $1;

-- name: ReserveSessionCapacity :one
UPDATE skate_sessions
SET remaining = remaining - $2::int
WHERE id = $1 AND remaining >= $2::int
RETURNING remaining;

-- name: InsertAdmission :one
INSERT INTO admissions (session_id, member_id, guest_name, party_size)
VALUES ($1, $2, $3, $4)
RETURNING id, session_id, member_id, guest_name, party_size, created_at;

-- name: GetIdempotencyKey :one
SELECT key, route, status_code, response_body, created_at FROM idempotency_keys
WHERE key = $1 AND route = $2;

-- name: SaveIdempotencyKey :exec
INSERT INTO idempotency_keys (key, route, status_code, response_body)
VALUES ($1, $2, $3, $4)
ON CONFLICT (key) DO NOTHING;

-- name: AttendanceForDay :many
SELECT s.rink_id,
       count(DISTINCT s.id)::int AS sessions,
       count(a.id)::int AS admissions,
       coalesce(sum(a.party_size), 0)::int AS skaters
FROM skate_sessions s
LEFT JOIN admissions a ON a.session_id = s.id
WHERE s.starts_at >= $1::date AND s.starts_at < ($1::date + 1)
GROUP BY s.rink_id
ORDER BY s.rink_id;

-- name: InsertDailyAttendance :exec
INSERT INTO daily_attendance (id, rink_id, day, sessions, admissions, skaters)
VALUES ($1, $2, $3, $4, $5, $6);
