package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const rebalanceColumns = `id, station_id, slot, direction, bikes, reason, status, partner_job_id, requested_by,
       created_at, dispatched_at`

func scanRebalanceJob(row interface{ Scan(...any) error }) (RebalanceJob, error) {
	var i RebalanceJob
	err := row.Scan(
		&i.ID,
		&i.StationID,
		&i.Slot,
		&i.Direction,
		&i.Bikes,
		&i.Reason,
		&i.Status,
		&i.PartnerJobID,
		&i.RequestedBy,
		&i.CreatedAt,
		&i.DispatchedAt,
	)
	return i, err
}

const createRebalanceJob = `-- name: CreateRebalanceJob :one
INSERT INTO rebalance_jobs (id, station_id, slot, direction, bikes, reason, status, partner_job_id, requested_by, dispatched_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (station_id, slot, direction) DO UPDATE SET station_id = EXCLUDED.station_id
RETURNING ` + rebalanceColumns

type CreateRebalanceJobParams struct {
	ID           uuid.UUID
	StationID    string
	Slot         time.Time
	Direction    string
	Bikes        int32
	Reason       string
	Status       string
	PartnerJobID pgtype.Text
	RequestedBy  string
	DispatchedAt pgtype.Timestamptz
}

// CreateRebalanceJob returns the job for the (station, slot, direction),
// inserting it when there is none yet.
func (q *Queries) CreateRebalanceJob(ctx context.Context, arg CreateRebalanceJobParams) (RebalanceJob, error) {
	row := q.db.QueryRow(ctx, createRebalanceJob,
		arg.ID,
		arg.StationID,
		arg.Slot,
		arg.Direction,
		arg.Bikes,
		arg.Reason,
		arg.Status,
		arg.PartnerJobID,
		arg.RequestedBy,
		arg.DispatchedAt,
	)
	return scanRebalanceJob(row)
}

const getRebalanceJob = `-- name: GetRebalanceJob :one
SELECT ` + rebalanceColumns + ` FROM rebalance_jobs WHERE id = $1`

func (q *Queries) GetRebalanceJob(ctx context.Context, id uuid.UUID) (RebalanceJob, error) {
	return scanRebalanceJob(q.db.QueryRow(ctx, getRebalanceJob, id))
}

const findRebalanceJob = `-- name: FindRebalanceJob :one
SELECT ` + rebalanceColumns + ` FROM rebalance_jobs
WHERE station_id = $1 AND slot = $2 AND direction = $3`

type FindRebalanceJobParams struct {
	StationID string
	Slot      time.Time
	Direction string
}

func (q *Queries) FindRebalanceJob(ctx context.Context, arg FindRebalanceJobParams) (RebalanceJob, error) {
	return scanRebalanceJob(q.db.QueryRow(ctx, findRebalanceJob, arg.StationID, arg.Slot, arg.Direction))
}

const markRebalanceDispatched = `-- name: MarkRebalanceDispatched :exec
UPDATE rebalance_jobs
SET status = 'dispatched', partner_job_id = $2, dispatched_at = now()
WHERE id = $1`

type MarkRebalanceDispatchedParams struct {
	ID           uuid.UUID
	PartnerJobID pgtype.Text
}

func (q *Queries) MarkRebalanceDispatched(ctx context.Context, arg MarkRebalanceDispatchedParams) error {
	_, err := q.db.Exec(ctx, markRebalanceDispatched, arg.ID, arg.PartnerJobID)
	return err
}

const getRebalanceJobByPartnerID = `-- name: GetRebalanceJobByPartnerID :one
SELECT ` + rebalanceColumns + ` FROM rebalance_jobs WHERE partner_job_id = $1`

func (q *Queries) GetRebalanceJobByPartnerID(ctx context.Context, partnerJobID pgtype.Text) (RebalanceJob, error) {
	return scanRebalanceJob(q.db.QueryRow(ctx, getRebalanceJobByPartnerID, partnerJobID))
}

const markRebalanceCompleted = `-- name: MarkRebalanceCompleted :exec
UPDATE rebalance_jobs SET status = 'completed' WHERE id = $1`

func (q *Queries) MarkRebalanceCompleted(ctx context.Context, id uuid.UUID) error {
	_, err := q.db.Exec(ctx, markRebalanceCompleted, id)
	return err
}

const insertCrewJobCompletion = `-- name: InsertCrewJobCompletion :exec
INSERT INTO crew_job_completions (partner_job_id, rebalance_id, crew_id, bikes_moved, completed_at)
VALUES ($1, $2, $3, $4, $5)`

type InsertCrewJobCompletionParams struct {
	PartnerJobID string
	RebalanceID  pgtype.UUID
	CrewID       string
	BikesMoved   int32
	CompletedAt  time.Time
}

func (q *Queries) InsertCrewJobCompletion(ctx context.Context, arg InsertCrewJobCompletionParams) error {
	_, err := q.db.Exec(ctx, insertCrewJobCompletion,
		arg.PartnerJobID,
		arg.RebalanceID,
		arg.CrewID,
		arg.BikesMoved,
		arg.CompletedAt,
	)
	return err
}
