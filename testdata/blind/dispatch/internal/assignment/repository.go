package assignment

import (
	"context"
	"encoding/json"
	"time"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
)

// orderRow is the slice of an order the assignment code needs.
type orderRow struct {
	ID         string  `db:"id"`
	MerchantID string  `db:"merchant_id"`
	Status     string  `db:"status"`
	CourierID  *string `db:"courier_id"`
}

type courierRow struct {
	ID        string `db:"id"`
	Status    string `db:"status"`
	PushToken string `db:"push_token"`
	HubID     string `db:"hub_id"`
}

// lockingRepo holds the raw queries used under explicit row locks. Every
// method takes the Queryer to run on, so callers pass the *sqlx.Tx.
type lockingRepo struct{}

func (lockingRepo) lockOrder(ctx context.Context, q database.Queryer, orderID string) (*orderRow, error) {
	var o orderRow
	err := q.GetContext(ctx, &o, `SELECT id, merchant_id, status, courier_id FROM orders WHERE id = $1 FOR UPDATE`, orderID)
	if err != nil {
		return nil, err
	}
	return &o, nil
}

func (lockingRepo) courier(ctx context.Context, q database.Queryer, courierID string) (*courierRow, error) {
	var c courierRow
	err := q.GetContext(ctx, &c, `SELECT id, status, push_token, hub_id FROM couriers WHERE id = $1`, courierID)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

func (lockingRepo) activeAssignment(ctx context.Context, q database.Queryer, orderID string) (*domain.CourierAssignment, error) {
	var a struct {
		ID         string    `db:"id"`
		OrderID    string    `db:"order_id"`
		CourierID  string    `db:"courier_id"`
		Status     string    `db:"status"`
		AssignedAt time.Time `db:"assigned_at"`
	}
	err := q.GetContext(ctx, &a, `SELECT id, order_id, courier_id, status, assigned_at
		FROM courier_assignments WHERE order_id = $1 AND status = 'active'`, orderID)
	if err != nil {
		return nil, err
	}
	return &domain.CourierAssignment{ID: a.ID, OrderID: a.OrderID, CourierID: a.CourierID, Status: a.Status, AssignedAt: a.AssignedAt}, nil
}

func (lockingRepo) insertAssignment(ctx context.Context, e database.Execer, a *domain.CourierAssignment) error {
	_, err := e.ExecContext(ctx, `INSERT INTO courier_assignments (id, order_id, courier_id, status, reason, assigned_by, assigned_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		a.ID, a.OrderID, a.CourierID, a.Status, a.Reason, a.AssignedBy, a.AssignedAt)
	return err
}

func (lockingRepo) setOrderCourier(ctx context.Context, e database.Execer, orderID, courierID string, status domain.OrderStatus) error {
	_, err := e.ExecContext(ctx, `UPDATE orders SET courier_id = $2, status = $3, updated_at = now() WHERE id = $1`, orderID, courierID, status)
	return err
}

func (lockingRepo) addOutbox(ctx context.Context, e database.Execer, id, topic, key string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = e.ExecContext(ctx, `INSERT INTO outbox (id, topic, key, payload, created_at) VALUES ($1, $2, $3, $4, now())`, id, topic, key, b)
	return err
}
