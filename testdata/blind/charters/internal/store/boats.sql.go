package store

import (
	"context"
	"time"
)

const boatColumns = `id, skipper_id, name, registration, category, length_cm, home_marina_id, created_at`

func scanBoat(row interface{ Scan(...any) error }) (Boat, error) {
	var i Boat
	err := row.Scan(&i.ID, &i.SkipperID, &i.Name, &i.Registration, &i.Category, &i.LengthCm, &i.HomeMarinaID, &i.CreatedAt)
	return i, err
}

const insertBoat = `-- name: InsertBoat :one
INSERT INTO boats (id, skipper_id, name, registration, category, length_cm, home_marina_id)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING ` + boatColumns

type InsertBoatParams struct {
	ID           string
	SkipperID    string
	Name         string
	Registration string
	Category     string
	LengthCm     int32
	HomeMarinaID string
}

func (q *Queries) InsertBoat(ctx context.Context, arg InsertBoatParams) (Boat, error) {
	row := q.db.QueryRow(ctx, insertBoat, arg.ID, arg.SkipperID, arg.Name, arg.Registration, arg.Category, arg.LengthCm, arg.HomeMarinaID)
	return scanBoat(row)
}

const getBoat = `-- name: GetBoat :one
SELECT ` + boatColumns + ` FROM boats WHERE id = $1`

func (q *Queries) GetBoat(ctx context.Context, id string) (Boat, error) {
	return scanBoat(q.db.QueryRow(ctx, getBoat, id))
}

const getCustomer = `-- name: GetCustomer :one
SELECT id, name, phone, email, payment_ref FROM customers WHERE id = $1`

func (q *Queries) GetCustomer(ctx context.Context, id string) (Customer, error) {
	var i Customer
	err := q.db.QueryRow(ctx, getCustomer, id).Scan(&i.ID, &i.Name, &i.Phone, &i.Email, &i.PaymentRef)
	return i, err
}

const insertJobRun = `-- name: InsertJobRun :exec
INSERT INTO job_runs (id, job, started_at, status) VALUES ($1, $2, $3, 'running')`

func (q *Queries) InsertJobRun(ctx context.Context, id, job string, startedAt time.Time) error {
	_, err := q.db.Exec(ctx, insertJobRun, id, job, startedAt)
	return err
}

const finishJobRun = `-- name: FinishJobRun :exec
UPDATE job_runs SET finished_at = $2, status = $3, error = $4 WHERE id = $1`

func (q *Queries) FinishJobRun(ctx context.Context, id string, finishedAt time.Time, status, errText string) error {
	_, err := q.db.Exec(ctx, finishJobRun, id, finishedAt, status, errText)
	return err
}
