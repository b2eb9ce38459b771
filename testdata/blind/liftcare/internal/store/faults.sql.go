package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const isEventProcessed = `-- name: IsEventProcessed :one
SELECT EXISTS (SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2)`

func (q *Queries) IsEventProcessed(ctx context.Context, consumer, eventID string) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, isEventProcessed, consumer, eventID).Scan(&ok)
	return ok, err
}

const markEventProcessed = `-- name: MarkEventProcessed :exec
INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
ON CONFLICT (consumer, event_id) DO NOTHING`

func (q *Queries) MarkEventProcessed(ctx context.Context, consumer, eventID string) error {
	_, err := q.db.Exec(ctx, markEventProcessed, consumer, eventID)
	return err
}

const claimEvent = `-- name: ClaimEvent :one
INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
ON CONFLICT (consumer, event_id) DO NOTHING
RETURNING event_id`

// ClaimEvent returns false when the event had already been claimed.
func (q *Queries) ClaimEvent(ctx context.Context, consumer, eventID string) (bool, error) {
	var id string
	err := q.db.QueryRow(ctx, claimEvent, consumer, eventID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

const liftByController = `-- name: LiftByController :one
SELECT id, building_id, kind, serial_no, controller_id FROM lifts WHERE controller_id = $1`

func (q *Queries) LiftByController(ctx context.Context, controllerID string) (Lift, error) {
	var l Lift
	err := q.db.QueryRow(ctx, liftByController, controllerID).Scan(&l.ID, &l.BuildingID, &l.Kind, &l.SerialNo, &l.ControllerID)
	return l, err
}

const insertFault = `-- name: InsertFault :exec
INSERT INTO faults (id, controller_id, lift_id, code, severity, event_id, raised_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)`

type InsertFaultParams struct {
	ID           uuid.UUID
	ControllerID string
	LiftID       uuid.UUID
	Code         string
	Severity     int32
	EventID      string
	RaisedAt     time.Time
}

func (q *Queries) InsertFault(ctx context.Context, arg InsertFaultParams) error {
	_, err := q.db.Exec(ctx, insertFault,
		arg.ID, arg.ControllerID, arg.LiftID, arg.Code, arg.Severity, arg.EventID, arg.RaisedAt)
	return err
}

const openFaultFor = `-- name: OpenFaultFor :one
SELECT id, controller_id, lift_id, code, severity, event_id, raised_at, cleared_at
FROM faults WHERE controller_id = $1 AND code = $2 AND cleared_at IS NULL
ORDER BY raised_at DESC LIMIT 1`

func (q *Queries) OpenFaultFor(ctx context.Context, controllerID, code string) (Fault, error) {
	var f Fault
	err := q.db.QueryRow(ctx, openFaultFor, controllerID, code).Scan(
		&f.ID, &f.ControllerID, &f.LiftID, &f.Code, &f.Severity, &f.EventID, &f.RaisedAt, &f.ClearedAt)
	return f, err
}

const clearFault = `-- name: ClearFault :execrows
UPDATE faults SET cleared_at = $2 WHERE id = $1 AND cleared_at IS NULL`

func (q *Queries) ClearFault(ctx context.Context, id uuid.UUID, at time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, clearFault, id, at)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const insertFaultResolution = `-- name: InsertFaultResolution :exec
INSERT INTO fault_resolutions (id, fault_id, event_id, cleared_at) VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertFaultResolution(ctx context.Context, id, faultID uuid.UUID, eventID string, at time.Time) error {
	_, err := q.db.Exec(ctx, insertFaultResolution, id, faultID, eventID, at)
	return err
}

const upsertControllerStatus = `-- name: UpsertControllerStatus :exec
INSERT INTO controller_status (controller_id, state, door_cycles, last_seen_at, updated_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (controller_id) DO UPDATE
SET state = EXCLUDED.state,
    door_cycles = GREATEST(controller_status.door_cycles, EXCLUDED.door_cycles),
    last_seen_at = GREATEST(controller_status.last_seen_at, EXCLUDED.last_seen_at),
    updated_at = EXCLUDED.updated_at
WHERE controller_status.last_seen_at <= EXCLUDED.last_seen_at`

type UpsertControllerStatusParams struct {
	ControllerID string
	State        string
	DoorCycles   int64
	LastSeenAt   time.Time
	UpdatedAt    time.Time
}

func (q *Queries) UpsertControllerStatus(ctx context.Context, arg UpsertControllerStatusParams) error {
	_, err := q.db.Exec(ctx, upsertControllerStatus,
		arg.ControllerID, arg.State, arg.DoorCycles, arg.LastSeenAt, arg.UpdatedAt)
	return err
}

const insertFirmwareReport = `-- name: InsertFirmwareReport :exec
INSERT INTO firmware_reports (controller_id, report_seq, version, reported_at)
VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertFirmwareReport(ctx context.Context, controllerID string, seq int64, version string, at time.Time) error {
	_, err := q.db.Exec(ctx, insertFirmwareReport, controllerID, seq, version, at)
	return err
}
