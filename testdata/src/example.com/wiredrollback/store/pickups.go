package store

import (
	"context"
	"database/sql"
)

// Pickup is a scheduled collection.
type Pickup struct {
	ID     string `db:"id"`
	Status string `db:"status"`
}

// Querier runs statements: the database, or a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// PickupRepo keeps pickups, on the handle each call is given.
type PickupRepo struct{}

func (PickupRepo) Get(ctx context.Context, q Querier, id string) (Pickup, error) {
	var p Pickup
	err := q.QueryRowContext(ctx, `SELECT id, status FROM dispatch_pickups WHERE id = $1`, id).Scan(&p.ID, &p.Status)
	return p, err
}

func (PickupRepo) Cancel(ctx context.Context, q Querier, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE dispatch_pickups SET status = 'cancelled' WHERE id = $1`, id)
	return err
}

func (PickupRepo) Reopen(ctx context.Context, q Querier, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE dispatch_pickups SET status = 'scheduled' WHERE id = $1`, id)
	return err
}

func (PickupRepo) Confirm(ctx context.Context, q Querier, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE dispatch_pickups SET status = 'confirmed' WHERE id = $1`, id)
	return err
}

func (PickupRepo) Touch(ctx context.Context, q Querier, id string) error {
	_, err := q.ExecContext(ctx, `UPDATE dispatch_pickups SET touched_at = now() WHERE id = $1`, id)
	return err
}

// NoteRepo keeps the notes sent to drivers.
type NoteRepo struct{}

func (NoteRepo) Insert(ctx context.Context, q Querier, id, pickupID, body string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO driver_notes (id, pickup_id, body) VALUES ($1, $2, $3)`, id, pickupID, body) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into driver_notes in store.NoteRepo.Insert has no conflict handling for the caller-known id \(HTTP handler Handler.PostRemind\)`
	return err
}
