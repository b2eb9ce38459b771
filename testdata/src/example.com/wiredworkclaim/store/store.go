// Package store keeps bookings and their refunds, in the transaction the
// context carries when it carries one.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

type txKey struct{}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func conn(ctx context.Context, db *sql.DB) execer {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db
}

// Work runs work in one transaction, once.
type Work struct{ DB *sql.DB }

func (w *Work) Do(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Retrying runs work in a transaction, and again when it fails: a
// commit whose answer is lost runs the work a second time.
type Retrying struct{ DB *sql.DB }

func (r *Retrying) Within(ctx context.Context, fn func(ctx context.Context) error) error {
	var err error
	for range 3 {
		if err = r.once(ctx, fn); err == nil {
			return nil
		}
	}
	return err
}

func (r *Retrying) once(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := r.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Bookings changes bookings.
type Bookings struct{ DB *sql.DB }

// Cancel cancels a booking that is not cancelled yet, and answers
// whether it did: a second call answers false.
func (b *Bookings) Cancel(ctx context.Context, id string) (bool, error) {
	res, err := conn(ctx, b.DB).ExecContext(ctx, `UPDATE bookings SET status = 'cancelled' WHERE id = $1 AND status <> 'cancelled'`, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Refunds records refunds.
type Refunds struct{ DB *sql.DB }

// Create records a refund of a booking under an ID of its own.
func (r *Refunds) Create(ctx context.Context, bookingID string, cents int64) (string, error) {
	id := uuid.NewString()                                                                                                              // want `a retry inserts a second refunds row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.CancelLoose\)`
	_, err := conn(ctx, r.DB).ExecContext(ctx, `INSERT INTO refunds (id, booking_id, cents) VALUES ($1, $2, $3)`, id, bookingID, cents) // want `a failure between the writes leaves the operation half done, and the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into refunds in store.Refunds.Create is not idempotent \(HTTP handler Handler.Cancel\)`
	return id, err
}

// Fines settles fines.
type Fines struct{ DB *sql.DB }

// MarkPaid settles the open fines of ids, and answers how many it
// settled: a second call settles none.
func (f *Fines) MarkPaid(ctx context.Context, ids []string) (int64, error) {
	res, err := conn(ctx, f.DB).ExecContext(ctx, `UPDATE fines SET status = 'paid' WHERE id = ANY($1) AND status = 'open'`, ids)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Receipts issues receipts.
type Receipts struct{ DB *sql.DB }

// Issue records a receipt for a patron under an ID of its own.
func (r *Receipts) Issue(ctx context.Context, patron string) error {
	id := uuid.NewString() // want `a retry inserts a second receipts row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.PayAnyway\)`
	// The receipt is the write a retry would have to finish.
	_, err := conn(ctx, r.DB).ExecContext(ctx, `INSERT INTO receipts (id, patron) VALUES ($1, $2)`, id, patron) // want `the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into receipts in store.Receipts.Issue is not idempotent \(HTTP handler Handler.Pay\)`
	return err
}

// Events claims the events it applies.
type Events struct{ DB *sql.DB }

// Claim claims an event's ID, and answers whether this call did.
func (e *Events) Claim(ctx context.Context, id string) (bool, error) {
	res, err := conn(ctx, e.DB).ExecContext(ctx, `INSERT INTO applied_events (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`, id) // want `a crash between the two commits records the key without its effect, so the retry is skipped and the effect lost: the key commits apart from the effect it guards \(applied_events on a handle that commits each statement, the effect on a handle that commits each statement; HTTP handler Handler.Award\)`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Credits credits each event applied.
type Credits struct{ DB *sql.DB }

// Add credits an event under the ID it is given.
func (a *Credits) Add(ctx context.Context, id, event string) error {
	_, err := conn(ctx, a.DB).ExecContext(ctx, `INSERT INTO credits (id, event) VALUES ($1, $2)`, id, event)
	return err
}

// Deliveries records the deliveries the service receives.
type Deliveries struct{ DB *sql.DB }

// Record stores a delivery under the ID its sender gave it.
func (d *Deliveries) Record(ctx context.Context, id string) error {
	_, err := conn(ctx, d.DB).ExecContext(ctx, `INSERT INTO deliveries (id) VALUES ($1)`, id) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into deliveries in store.Deliveries.Record has no conflict handling for the caller-known id \(HTTP handler Handler.ReceiveStrict\)`
	return err
}

// Points awards loyalty points.
type Points struct{ DB *sql.DB }

// Award awards points for an event under an ID of its own.
func (p *Points) Award(ctx context.Context, event string) error {
	id := uuid.NewString() // want `a retry inserts a second points row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.AwardLoose\)`
	// The points are the write a claimed retry would have to finish.
	_, err := conn(ctx, p.DB).ExecContext(ctx, `INSERT INTO points (id, event) VALUES ($1, $2)`, id, event)
	return err
}
