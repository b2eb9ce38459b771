-- name: GetLeagueTeam :one
SELECT id, partner_team_id, league_id, name, captain_email, credit_minutes, created_at FROM league_teams
WHERE id = $1;

-- name: GetLeagueTeamByPartnerID :one
SELECT id, partner_team_id, league_id, name, captain_email, credit_minutes, created_at FROM league_teams
WHERE partner_team_id = $1;

-- name: InsertLeagueTeam :one
INSERT INTO league_teams (partner_team_id, league_id, name, captain_email)
VALUES ($1, $2, $3, $4)
RETURNING id, partner_team_id, league_id, name, captain_email, credit_minutes, created_at;

-- name: InsertIceRequest :one
INSERT INTO ice_requests (id, team_id, rink_id, starts_at, ends_at, note)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING id, team_id, rink_id, starts_at, ends_at, note, status, created_at, decided_at;

-- name: GetIceRequest :one
SELECT id, team_id, rink_id, starts_at, ends_at, note, status, created_at, decided_at FROM ice_requests
WHERE id = $1;

-- name: ApproveIceRequest :execrows
UPDATE ice_requests
SET status = 'approved', decided_at = now()
WHERE id = $1 AND status = 'pending';

-- name: InsertIceBooking :exec
INSERT INTO ice_bookings (id, request_id, team_id, rink_id, starts_at, ends_at, amount_cents, partner_game_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (id) DO NOTHING;

-- name: GetIceBooking :one
SELECT id, request_id, team_id, rink_id, starts_at, ends_at, status, amount_cents, charge_id, refund_status, refund_id, partner_game_id, created_at, cancelled_at FROM ice_bookings
WHERE id = $1;

-- name: GetIceBookingByGame :one
SELECT b.id, b.request_id, b.team_id, b.rink_id, b.starts_at, b.ends_at, b.status, b.amount_cents, b.charge_id, b.refund_status, b.refund_id, b.partner_game_id, b.created_at, b.cancelled_at
FROM league_games g
JOIN ice_bookings b ON b.id = g.booking_id
WHERE g.partner_game_id = $1;

-- name: CancelIceBooking :one
UPDATE ice_bookings
SET status = 'cancelled',
    cancelled_at = now(),
    refund_status = CASE WHEN charge_id IS NULL THEN 'none' ELSE 'pending' END
WHERE id = $1 AND status = 'confirmed'
RETURNING id, request_id, team_id, rink_id, starts_at, ends_at, status, amount_cents, charge_id, refund_status, refund_id, partner_game_id, created_at, cancelled_at;

-- name: MarkBookingRefunded :exec
UPDATE ice_bookings
SET refund_status = 'refunded', refund_id = $2
WHERE id = $1;

-- name: SetBookingCharge :execrows
UPDATE ice_bookings
SET charge_id = $2
WHERE id = $1 AND charge_id IS NULL;

-- name: MarkBookingMoved :execrows
UPDATE ice_bookings
SET status = 'moved'
WHERE id = $1 AND status = 'confirmed';

-- name: RepointLeagueGame :exec
UPDATE league_games
SET booking_id = $2, starts_at = $3, exported_at = NULL
WHERE partner_game_id = $1;

-- name: ClaimPartnerEvent :execrows
INSERT INTO partner_events_processed (event_id, event_type)
VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING;

-- name: InsertTeamCredit :exec
INSERT INTO team_credit_ledger (team_id, source_event_id, minutes, reason)
VALUES ($1, $2, $3, $4);

-- name: AddTeamCreditMinutes :exec
UPDATE league_teams
SET credit_minutes = credit_minutes + $2
WHERE id = $1;

-- name: ListUnexportedGames :many
SELECT g.id, g.partner_game_id, g.booking_id, g.home_team_id, g.away_team_id, g.starts_at, g.exported_at,
       b.rink_id, b.ends_at
FROM league_games g
JOIN ice_bookings b ON b.id = g.booking_id
WHERE g.exported_at IS NULL AND b.status = 'confirmed'
ORDER BY g.starts_at
LIMIT $1;

-- name: MarkGameExported :exec
UPDATE league_games SET exported_at = now() WHERE id = $1;

-- name: InsertExportRun :exec
INSERT INTO schedule_export_runs (id, started_at) VALUES ($1, $2);

-- name: FinishExportRun :exec
UPDATE schedule_export_runs
SET finished_at = now(), fixtures = $2, status = $3
WHERE id = $1;
