// Package store is the rentals' repository: each method runs on the
// handle it is given.
package store

import (
	"context"

	"example.com/wiredext/db"
	"example.com/wiredext/rental"
)

// Rentals stores rentals and their charges.
type Rentals struct{}

// AddCharge adds a charge to a rental.
func (Rentals) AddCharge(ctx context.Context, q db.Ext, id string, cents int64) error {
	_, err := q.ExecContext(ctx, "INSERT INTO charges (rental_id, cents) VALUES ($1, $2)", id, cents) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into charges in store.Rentals.AddCharge is not idempotent \(HTTP handler Handler.Checkin\)`
	return err
}

// AddFee adds a late fee to a rental.
func (Rentals) AddFee(ctx context.Context, q db.Ext, id string) error {
	_, err := q.ExecContext(ctx, "INSERT INTO fees (rental_id) VALUES ($1)", id) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into fees in store.Rentals.AddFee is not idempotent \(HTTP handler httpapi.Counter.Return, bound at httpapi.go:\d+:\d+\)`
	return err
}

// AddDeposit records a rental's deposit.
func (Rentals) AddDeposit(ctx context.Context, q db.Ext, id string) error {
	_, err := q.ExecContext(ctx, "INSERT INTO deposits (rental_id) VALUES ($1)", id) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into deposits in store.Rentals.AddDeposit is not idempotent \(HTTP handler Handler.Deposit\)` `2 writes commit separately and the INSERT into deposits in store.Rentals.AddDeposit is not idempotent \(HTTP handler Handler.DepositFee\)`
	return err
}

// Create stores a new rental under id.
func (Rentals) Create(ctx context.Context, q db.Ext, id string) error {
	_, err := q.ExecContext(ctx, "INSERT INTO rentals (id) VALUES ($1)", id)
	return err
}

// GetForUpdate reads a rental and locks it.
func (Rentals) GetForUpdate(ctx context.Context, q db.Ext, id string) (rental.Rental, error) {
	var r rental.Rental
	rows, err := q.QueryContext(ctx, "SELECT id, status FROM rentals WHERE id = $1 FOR UPDATE", id)
	if err != nil {
		return r, err
	}
	defer rows.Close()
	for rows.Next() {
		err = rows.Scan(&r.ID, &r.Status)
	}
	return r, err
}

// InsertEvent records an event of a rental.
func (Rentals) InsertEvent(ctx context.Context, q db.Ext, ev rental.Event) error {
	_, err := q.ExecContext(ctx, "INSERT INTO rental_events (id, rental_id) VALUES ($1, $2)", ev.ID, ev.RentalID)
	return err
}

// TransitionStatus sets a rental's status.
func (Rentals) TransitionStatus(ctx context.Context, q db.Ext, p rental.TransitionParams) error {
	_, err := q.ExecContext(ctx, "UPDATE rentals SET status = $2 WHERE id = $1", p.ID, p.To)
	return err
}

// Close closes a rental.
func (Rentals) Close(ctx context.Context, q db.Ext, id string) error {
	_, err := q.ExecContext(ctx, "UPDATE rentals SET status = 'closed' WHERE id = $1", id)
	return err
}

// Desk stores the desk's notes, on a connection that joins the
// context's transaction.
type Desk struct{ Conn db.Conn }

// Note adds a note to a rental.
func (d *Desk) Note(ctx context.Context, id, text string) error {
	_, err := d.Conn.ExecContext(ctx, "INSERT INTO notes (rental_id, text) VALUES ($1, $2)", id, text)
	return err
}

// Flag flags a rental.
func (d *Desk) Flag(ctx context.Context, id string) error {
	_, err := d.Conn.ExecContext(ctx, "UPDATE rentals SET flagged = true WHERE id = $1", id)
	return err
}
