package store

import (
	"context"
	"time"

	"github.com/google/uuid"
)

const createCallout = `-- name: CreateCallout :exec
INSERT INTO callouts (id, lift_id, source, fault_id, description, priority, status, reported_at)
VALUES ($1, $2, $3, $4, $5, $6, 'open', $7)`

type CreateCalloutParams struct {
	ID          uuid.UUID
	LiftID      uuid.UUID
	Source      string
	FaultID     *uuid.UUID
	Description string
	Priority    int32
	ReportedAt  time.Time
}

func (q *Queries) CreateCallout(ctx context.Context, arg CreateCalloutParams) error {
	_, err := q.db.Exec(ctx, createCallout,
		arg.ID, arg.LiftID, arg.Source, arg.FaultID, arg.Description, arg.Priority, arg.ReportedAt)
	return err
}

const getCallout = `-- name: GetCallout :one
SELECT id, lift_id, source, fault_id, description, priority, status, technician_id,
       reported_at, assigned_at, completed_at, announced_at
FROM callouts WHERE id = $1`

func (q *Queries) GetCallout(ctx context.Context, id uuid.UUID) (Callout, error) {
	var c Callout
	err := q.db.QueryRow(ctx, getCallout, id).Scan(
		&c.ID, &c.LiftID, &c.Source, &c.FaultID, &c.Description, &c.Priority, &c.Status,
		&c.TechnicianID, &c.ReportedAt, &c.AssignedAt, &c.CompletedAt, &c.AnnouncedAt)
	return c, err
}

const assignCallout = `-- name: AssignCallout :execrows
UPDATE callouts SET technician_id = $2, status = 'assigned', assigned_at = $3
WHERE id = $1 AND status = 'open'`

type AssignCalloutParams struct {
	ID           uuid.UUID
	TechnicianID uuid.UUID
	AssignedAt   time.Time
}

func (q *Queries) AssignCallout(ctx context.Context, arg AssignCalloutParams) (int64, error) {
	tag, err := q.db.Exec(ctx, assignCallout, arg.ID, arg.TechnicianID, arg.AssignedAt)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const completeCallout = `-- name: CompleteCallout :execrows
UPDATE callouts SET status = 'completed', completed_at = $2
WHERE id = $1 AND status IN ('assigned', 'on_site')`

func (q *Queries) CompleteCallout(ctx context.Context, id uuid.UUID, at time.Time) (int64, error) {
	tag, err := q.db.Exec(ctx, completeCallout, id, at)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const insertCalloutLabour = `-- name: InsertCalloutLabour :exec
INSERT INTO callout_labour (callout_id, technician_id, minutes, amount_cents)
VALUES ($1, $2, $3, $4)`

type InsertCalloutLabourParams struct {
	CalloutID    uuid.UUID
	TechnicianID uuid.UUID
	Minutes      int32
	AmountCents  int64
}

func (q *Queries) InsertCalloutLabour(ctx context.Context, arg InsertCalloutLabourParams) error {
	_, err := q.db.Exec(ctx, insertCalloutLabour, arg.CalloutID, arg.TechnicianID, arg.Minutes, arg.AmountCents)
	return err
}

const markCalloutAnnounced = `-- name: MarkCalloutAnnounced :exec
UPDATE callouts SET announced_at = $2 WHERE id = $1`

func (q *Queries) MarkCalloutAnnounced(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := q.db.Exec(ctx, markCalloutAnnounced, id, at)
	return err
}

const findOnCallTechnician = `-- name: FindOnCallTechnician :one
SELECT t.id, t.full_name, t.phone, t.region, t.on_call
FROM technicians t
LEFT JOIN callouts c ON c.technician_id = t.id AND c.status IN ('assigned', 'on_site')
WHERE t.on_call
GROUP BY t.id
ORDER BY count(c.id), t.id
LIMIT 1`

func (q *Queries) FindOnCallTechnician(ctx context.Context) (Technician, error) {
	var t Technician
	err := q.db.QueryRow(ctx, findOnCallTechnician).Scan(&t.ID, &t.FullName, &t.Phone, &t.Region, &t.OnCall)
	return t, err
}

const getTechnician = `-- name: GetTechnician :one
SELECT id, full_name, phone, region, on_call FROM technicians WHERE id = $1`

func (q *Queries) GetTechnician(ctx context.Context, id uuid.UUID) (Technician, error) {
	var t Technician
	err := q.db.QueryRow(ctx, getTechnician, id).Scan(&t.ID, &t.FullName, &t.Phone, &t.Region, &t.OnCall)
	return t, err
}

const getLift = `-- name: GetLift :one
SELECT id, building_id, kind, serial_no, controller_id FROM lifts WHERE id = $1`

func (q *Queries) GetLift(ctx context.Context, id uuid.UUID) (Lift, error) {
	var l Lift
	err := q.db.QueryRow(ctx, getLift, id).Scan(&l.ID, &l.BuildingID, &l.Kind, &l.SerialNo, &l.ControllerID)
	return l, err
}

const liftBySerial = `-- name: LiftBySerial :one
SELECT id, building_id, kind, serial_no, controller_id FROM lifts WHERE serial_no = $1`

func (q *Queries) LiftBySerial(ctx context.Context, serial string) (Lift, error) {
	var l Lift
	err := q.db.QueryRow(ctx, liftBySerial, serial).Scan(&l.ID, &l.BuildingID, &l.Kind, &l.SerialNo, &l.ControllerID)
	return l, err
}
