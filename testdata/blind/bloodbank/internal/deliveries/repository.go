// Package deliveries books couriers for allocated orders and records the
// hospital's proof of receipt.
package deliveries

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

// Attempt is one row of the dispatch attempt log.
type Attempt struct {
	ID          uuid.UUID `db:"id"`
	OrderID     uuid.UUID `db:"order_id"`
	AttemptedAt time.Time `db:"attempted_at"`
	Outcome     string    `db:"outcome"`
	Detail      string    `db:"detail"`
}

type Repository interface {
	InsertDelivery(ctx context.Context, tx *sqlx.Tx, d domain.Delivery) error
	GetDelivery(ctx context.Context, id uuid.UUID) (domain.Delivery, error)
	MarkDelivered(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, receivedBy string, at time.Time) (uuid.UUID, bool, error)
	AppendEvent(ctx context.Context, tx *sqlx.Tx, deliveryID uuid.UUID, kind string, payload any) error
	LogAttempt(ctx context.Context, a Attempt) error
}

type pgRepository struct{ db *sqlx.DB }

func NewRepository(db *sqlx.DB) Repository { return &pgRepository{db: db} }

func (r *pgRepository) InsertDelivery(ctx context.Context, tx *sqlx.Tx, d domain.Delivery) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO deliveries (id, order_id, courier_booking_ref, status, dispatched_at)
		VALUES (:id, :order_id, :courier_booking_ref, :status, :dispatched_at)`, d)
	return err
}

func (r *pgRepository) GetDelivery(ctx context.Context, id uuid.UUID) (domain.Delivery, error) {
	var d domain.Delivery
	err := r.db.GetContext(ctx, &d, `
		SELECT id, order_id, courier_booking_ref, status, dispatched_at, delivered_at, received_by
		  FROM deliveries WHERE id = $1`, id)
	if database.IsNoRows(err) {
		return d, fmt.Errorf("delivery %s: %w", id, domain.ErrNotFound)
	}
	return d, err
}

// MarkDelivered flips a dispatched delivery to delivered. It reports the
// order ID and whether this call made the change.
func (r *pgRepository) MarkDelivered(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, receivedBy string, at time.Time) (uuid.UUID, bool, error) {
	var orderID uuid.UUID
	err := tx.GetContext(ctx, &orderID, `
		UPDATE deliveries
		   SET status = 'delivered', delivered_at = $2, received_by = $3
		 WHERE id = $1 AND status = 'dispatched'
		RETURNING order_id`, id, at, receivedBy)
	if database.IsNoRows(err) {
		return uuid.Nil, false, nil
	}
	return orderID, err == nil, err
}

func (r *pgRepository) AppendEvent(ctx context.Context, tx *sqlx.Tx, deliveryID uuid.UUID, kind string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `
		INSERT INTO delivery_events (delivery_id, kind, payload) VALUES ($1, $2, $3)`,
		deliveryID, kind, string(body))
	return err
}

// LogAttempt appends to the dispatch attempt log used by the operations
// dashboard; every try gets its own row.
func (r *pgRepository) LogAttempt(ctx context.Context, a Attempt) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO dispatch_attempts (id, order_id, attempted_at, outcome, detail)
		VALUES (:id, :order_id, :attempted_at, :outcome, :detail)`, a)
	return err
}
