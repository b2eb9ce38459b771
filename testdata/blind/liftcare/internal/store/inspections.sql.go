package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const createServiceVisit = `-- name: CreateServiceVisit :exec
INSERT INTO service_visits (id, contract_id, lift_id, planned_for)
VALUES ($1, $2, $3, $4)`

type CreateServiceVisitParams struct {
	ID         string
	ContractID uuid.UUID
	LiftID     uuid.UUID
	PlannedFor time.Time
}

func (q *Queries) CreateServiceVisit(ctx context.Context, arg CreateServiceVisitParams) error {
	_, err := q.db.Exec(ctx, createServiceVisit, arg.ID, arg.ContractID, arg.LiftID, arg.PlannedFor)
	return err
}

const listContractLifts = `-- name: ListContractLifts :many
SELECT l.id, l.building_id, l.kind, l.serial_no, l.controller_id
FROM lifts l JOIN contracts c ON c.building_id = l.building_id
WHERE c.id = $1 ORDER BY l.serial_no`

func (q *Queries) ListContractLifts(ctx context.Context, contractID uuid.UUID) ([]Lift, error) {
	rows, err := q.db.Query(ctx, listContractLifts, contractID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Lift])
}

const getInspectionVisit = `-- name: GetInspectionVisit :one
SELECT id, lift_id, contract_id, due_on, status, result, authority_booking_ref
FROM inspection_visits WHERE id = $1`

func (q *Queries) GetInspectionVisit(ctx context.Context, id uuid.UUID) (InspectionVisit, error) {
	var v InspectionVisit
	err := q.db.QueryRow(ctx, getInspectionVisit, id).Scan(
		&v.ID, &v.LiftID, &v.ContractID, &v.DueOn, &v.Status, &v.Result, &v.AuthorityBookingRef)
	return v, err
}

const setAuthorityBooking = `-- name: SetAuthorityBooking :exec
UPDATE inspection_visits SET authority_booking_ref = $2, inspector_slot = $3, status = 'booked'
WHERE id = $1`

func (q *Queries) SetAuthorityBooking(ctx context.Context, id uuid.UUID, ref string, slot time.Time) error {
	_, err := q.db.Exec(ctx, setAuthorityBooking, id, ref, slot)
	return err
}

const recordInspectionResult = `-- name: RecordInspectionResult :execrows
UPDATE inspection_visits SET result = $2, status = 'inspected'
WHERE id = $1 AND status IN ('scheduled', 'booked')`

func (q *Queries) RecordInspectionResult(ctx context.Context, id uuid.UUID, result string) (int64, error) {
	tag, err := q.db.Exec(ctx, recordInspectionResult, id, result)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const scheduleInspection = `-- name: ScheduleInspection :exec
INSERT INTO inspection_visits (lift_id, contract_id, due_on)
VALUES ($1, $2, $3)
ON CONFLICT (lift_id, due_on) DO NOTHING`

func (q *Queries) ScheduleInspection(ctx context.Context, liftID, contractID uuid.UUID, dueOn time.Time) error {
	_, err := q.db.Exec(ctx, scheduleInspection, liftID, contractID, dueOn)
	return err
}

type InspectionReminder struct {
	VisitID      uuid.UUID
	DueOn        time.Time
	SerialNo     string
	BuildingName string
	SitePhone    *string
}

const listInspectionReminders = `-- name: ListInspectionReminders :many
SELECT v.id, v.due_on, l.serial_no, b.name, b.site_phone
FROM inspection_visits v
JOIN lifts l ON l.id = v.lift_id
JOIN buildings b ON b.id = l.building_id
WHERE v.due_on = $1 AND v.status IN ('scheduled', 'booked')
ORDER BY v.id`

func (q *Queries) ListInspectionReminders(ctx context.Context, day time.Time) ([]InspectionReminder, error) {
	rows, err := q.db.Query(ctx, listInspectionReminders, day)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[InspectionReminder])
}

const getBuildingForLift = `-- name: GetBuildingForLift :one
SELECT b.name, b.address FROM buildings b JOIN lifts l ON l.building_id = b.id WHERE l.id = $1`

func (q *Queries) GetBuildingForLift(ctx context.Context, liftID uuid.UUID) (name, address string, err error) {
	err = q.db.QueryRow(ctx, getBuildingForLift, liftID).Scan(&name, &address)
	return name, address, err
}
