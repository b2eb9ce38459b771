package stateguards

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
)

var xdb *sqlx.DB

type orderStore struct{}

// setStatus moves the order to the state to from one of from, and says
// whether it did: its text widened by sqlx.In and rebound.
func (orderStore) setStatus(ctx context.Context, id string, from []string, to string) (bool, error) {
	q, args, err := sqlx.In(`UPDATE orders SET status = ? WHERE id = ? AND status IN (?)`, to, id, from)
	if err != nil {
		return false, err
	}
	res, err := xdb.ExecContext(ctx, sqlx.Rebind(sqlx.DOLLAR, q), args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

var orderRows orderStore

// Negative: the shipment is inserted only when this attempt moved the
// order from packed; a retry finds it shipped and leaves.
func shipPacked(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	moved, err := orderRows.setStatus(ctx, id, []string{"packed"}, "shipped")
	if err != nil || !moved {
		return err
	}
	_, err = xdb.ExecContext(ctx, "INSERT INTO shipments (id, order_id) VALUES ($1, $2)", uuid.NewString(), id)
	return err
}

// The move's outcome is not read: a retry inserts again.
func shipAnyway(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	if _, err := orderRows.setStatus(ctx, id, []string{"packed"}, "shipped"); err != nil {
		return err
	}
	_, err := xdb.ExecContext(ctx, "INSERT INTO shipments (id, order_id) VALUES ($1, $2)", uuid.NewString(), id) // want `a retry inserts a second shipments row with a new id`
	return err
}
