package store

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/queries"
)

// OrderRepo stores orders, reservations, pick tasks and packages.
type OrderRepo struct {
	db *sqlx.DB
}

// Insert writes an order header and its lines.
func (r *OrderRepo) Insert(ctx context.Context, q db.Queryer, o domain.Order) error {
	if _, err := db.Exec(ctx, q, queries.InsertOrder,
		o.ID, o.MerchantID, o.ExternalRef, o.Channel, []byte(o.ShipTo), o.ServiceLevel, o.CreatedAt); err != nil {
		return err
	}
	for _, l := range o.Lines {
		if _, err := db.Exec(ctx, q, queries.InsertOrderLine, o.ID, l.LineNo, l.SKU, l.Qty); err != nil {
			return err
		}
	}
	return nil
}

// Get loads an order with its lines.
func (r *OrderRepo) Get(ctx context.Context, q db.Queryer, id string) (domain.Order, error) {
	o, err := db.Get[domain.Order](ctx, q, queries.GetOrder, id)
	if err != nil {
		return o, notFound(err)
	}
	o.Lines, err = db.Select[domain.OrderLine](ctx, q, queries.ListOrderLines, id)
	return o, err
}

// GetForUpdate loads and row-locks an order inside tx.
func (r *OrderRepo) GetForUpdate(ctx context.Context, tx *sqlx.Tx, id string) (domain.Order, error) {
	o, err := db.Get[domain.Order](ctx, tx, queries.GetOrderForUpdate, id)
	if err != nil {
		return o, notFound(err)
	}
	o.Lines, err = db.Select[domain.OrderLine](ctx, tx, queries.ListOrderLines, id)
	return o, err
}

// Transition moves an order to status `to` if it is in one of `from`.
func (r *OrderRepo) Transition(ctx context.Context, q db.Queryer, id string, from []string, to string) (bool, error) {
	n, err := db.Exec(ctx, q, queries.TransitionOrder, id, pq.Array(from), to)
	return n == 1, err
}

// InsertReservation records a hold; false if the line was already held.
func (r *OrderRepo) InsertReservation(ctx context.Context, tx *sqlx.Tx, res domain.Reservation) (bool, error) {
	n, err := db.Exec(ctx, tx, queries.InsertReservation,
		res.OrderID, res.SKU, res.MerchantID, res.Qty, res.ExpiresAt)
	return n == 1, err
}

// HeldReservations lists an order's active holds.
func (r *OrderRepo) HeldReservations(ctx context.Context, q db.Queryer, orderID string) ([]domain.Reservation, error) {
	return db.Select[domain.Reservation](ctx, q, queries.ListHeldReservations, orderID)
}

// ReleaseReservations flips an order's held reservations to released and
// returns the rows it changed.
func (r *OrderRepo) ReleaseReservations(ctx context.Context, tx *sqlx.Tx, orderID string) ([]domain.Reservation, error) {
	return db.Select[domain.Reservation](ctx, tx, queries.ReleaseOrderReservations, orderID)
}

// ExpireReservations flips overdue holds to expired and returns them.
func (r *OrderRepo) ExpireReservations(ctx context.Context, tx *sqlx.Tx, now time.Time) ([]domain.Reservation, error) {
	return db.Select[domain.Reservation](ctx, tx, queries.ExpireReservations, now)
}

// InsertPickTask creates a pick task.
func (r *OrderRepo) InsertPickTask(ctx context.Context, tx *sqlx.Tx, t domain.PickTask) error {
	_, err := db.Exec(ctx, tx, queries.InsertPickTask, t.ID, t.OrderID, t.SKU, t.Location, t.Qty)
	return err
}

// ConfirmPick closes an open pick task and returns its order ID; ok is
// false when the task was not open.
func (r *OrderRepo) ConfirmPick(ctx context.Context, tx *sqlx.Tx, taskID string, qty int, picker string, at time.Time) (orderID string, ok bool, err error) {
	rows, err := db.Select[string](ctx, tx, queries.ConfirmPickTask, taskID, qty, picker, at)
	if err != nil || len(rows) == 0 {
		return "", false, err
	}
	return rows[0], true, nil
}

// GetPickTask loads a pick task.
func (r *OrderRepo) GetPickTask(ctx context.Context, id string) (domain.PickTask, error) {
	t, err := db.Get[domain.PickTask](ctx, r.db, queries.GetPickTask, id)
	return t, notFound(err)
}

// OpenPickTasks counts an order's open pick tasks.
func (r *OrderRepo) OpenPickTasks(ctx context.Context, tx *sqlx.Tx, orderID string) (int, error) {
	return db.Get[int](ctx, tx, queries.CountOpenPickTasks, orderID)
}

// InsertPackage records a packed carton.
func (r *OrderRepo) InsertPackage(ctx context.Context, q db.Queryer, p domain.Package) error {
	_, err := db.NamedExec(ctx, q, queries.InsertPackage, p)
	return err
}

// Packages lists an order's cartons.
func (r *OrderRepo) Packages(ctx context.Context, orderID string) ([]domain.Package, error) {
	return db.Select[domain.Package](ctx, r.db, queries.ListPackages, orderID)
}

// Package loads one carton.
func (r *OrderRepo) Package(ctx context.Context, orderID string, seq int) (domain.Package, error) {
	p, err := db.Get[domain.Package](ctx, r.db, queries.GetPackage, orderID, seq)
	return p, notFound(err)
}
