// Package store implements the repositories on database/sql.
package store

import (
	"context"
	"database/sql"

	"example.com/wiredwithtx/repo"
)

// DBTX is what the database and a transaction both run statements with.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Keys is repo.Keys.
type Keys struct{ q DBTX }

// NewKeys returns the keys on q.
func NewKeys(q DBTX) *Keys { return &Keys{q: q} }

// WithTx returns the keys on tx.
func (k *Keys) WithTx(tx *sql.Tx) repo.Keys { return &Keys{q: tx} }

// Claim records the key, reporting whether it is new.
func (k *Keys) Claim(ctx context.Context, key string) (bool, error) {
	res, err := k.q.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a handle that commits each statement; HTTP handler Service.PlaceLoosely\)`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Orders is repo.Orders.
type Orders struct{ q DBTX }

// NewOrders returns the orders on q.
func NewOrders(q DBTX) *Orders { return &Orders{q: q} }

// WithTx returns the orders on tx.
func (o *Orders) WithTx(tx *sql.Tx) repo.Orders { return &Orders{q: tx} }

// Insert stores an order.
func (o *Orders) Insert(ctx context.Context, id string, total int64) error {
	_, err := o.q.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", id, total) // want `a retry repeats the done part: 2 writes commit separately and the INSERT into orders in store.Orders.Insert is not idempotent \(HTTP handler Service.PlaceLoosely\)` `the dedup guard stops the retry that would finish it: 2 writes commit separately, not all in the guard's transaction, and the INSERT into orders in store.Orders.Insert is not idempotent \(HTTP handler Service.PlaceThenMark\)` `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into orders in store.Orders.Insert has no conflict handling for the caller-known id \(HTTP handler Service.PlaceLoosely\)`
	return err
}

// AddPaid adds a payment to an order.
func (o *Orders) AddPaid(ctx context.Context, id string, amount int64) error {
	_, err := o.q.ExecContext(ctx, "UPDATE orders SET paid = paid + $2 WHERE id = $1", id, amount) // want `a retry repeats the done part: 2 writes commit separately and the UPDATE of orders \(it computes from the current value\) in store.Orders.AddPaid is not idempotent \(HTTP handler Service.PaidOnce\)`
	return err
}

// SetStatus sets an order's status.
func (o *Orders) SetStatus(ctx context.Context, id, status string) error {
	_, err := o.q.ExecContext(ctx, "UPDATE orders SET status = $2 WHERE id = $1", id, status)
	return err
}

// SetShipping sets an order's shipping method.
func (o *Orders) SetShipping(ctx context.Context, id, method string) error {
	_, err := o.q.ExecContext(ctx, "UPDATE orders SET shipping = $2 WHERE id = $1", id, method)
	return err
}

// SetChannel sets the channel an order came from.
func (o *Orders) SetChannel(ctx context.Context, id, channel string) error {
	_, err := o.q.ExecContext(ctx, "UPDATE orders SET channel = $2 WHERE id = $1", id, channel)
	return err
}

// Total reads an order's total.
func (o *Orders) Total(ctx context.Context, id string) (int64, error) {
	var n int64
	err := o.q.QueryRowContext(ctx, "SELECT total FROM orders WHERE id = $1", id).Scan(&n)
	return n, err
}

// Events is repo.Events.
type Events struct{ q DBTX }

// NewEvents returns the events on q.
func NewEvents(q DBTX) *Events { return &Events{q: q} }

// Seen reports whether the event was handled.
func (e *Events) Seen(ctx context.Context, id string) (bool, error) {
	var n int
	err := e.q.QueryRowContext(ctx, "SELECT count(*) FROM processed_events WHERE id = $1", id).Scan(&n) // want `a retry that arrives while the first attempt runs passes the same check and performs the effect twice: the key is checked outside the transaction of the effect \(processed_events on a handle that commits each statement, the effect on a transaction; HTTP handler Service.Paid\)`
	return n > 0, err
}

// Mark records the event as handled.
func (e *Events) Mark(ctx context.Context, id string) error {
	_, err := e.q.ExecContext(ctx, "INSERT INTO processed_events (id) VALUES ($1)", id) // want `a crash between the two commits leaves the effect without its key, so the retry repeats it: the key commits apart from the effect it guards \(processed_events on a handle that commits each statement, the effect on a transaction; HTTP handler Service.Paid\)` `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into processed_events in store.Events.Mark has no conflict handling for the caller-known id \(HTTP handler Service.Paid\)`
	return err
}

// MarkOnce records the event as handled, a second time harmlessly.
func (e *Events) MarkOnce(ctx context.Context, id string) error {
	_, err := e.q.ExecContext(ctx, "INSERT INTO handled_events (id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	return err
}
