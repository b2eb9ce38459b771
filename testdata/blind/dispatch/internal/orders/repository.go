package orders

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
)

// ErrStaleStatus is returned when a conditional status transition matched no
// row because the order moved on.
var ErrStaleStatus = errors.New("order status changed concurrently")

// Repository persists orders and their audit events.
type Repository interface {
	Create(ctx context.Context, o *domain.Order) error
	Get(ctx context.Context, id string) (*domain.Order, error)
	Transition(ctx context.Context, id string, from, to domain.OrderStatus, extra map[string]any) error
	AppendEvent(ctx context.Context, orderID, typ string, payload any) error
}

type gormRepository struct {
	orders *database.Repo[domain.Order]
	events *database.Repo[domain.OrderEvent]
}

// NewRepository builds the gorm-backed Repository.
func NewRepository(db *gorm.DB) *gormRepository {
	return &gormRepository{
		orders: database.NewRepo[domain.Order](db),
		events: database.NewRepo[domain.OrderEvent](db),
	}
}

func (r *gormRepository) Create(ctx context.Context, o *domain.Order) error {
	return r.orders.Create(ctx, o)
}

func (r *gormRepository) Get(ctx context.Context, id string) (*domain.Order, error) {
	return r.orders.Get(ctx, id)
}

func (r *gormRepository) Transition(ctx context.Context, id string, from, to domain.OrderStatus, extra map[string]any) error {
	fields := map[string]any{"status": to, "updated_at": time.Now().UTC()}
	for k, v := range extra {
		fields[k] = v
	}
	n, err := r.orders.UpdateWhere(ctx, fields, "id = ? AND status = ?", id, from)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrStaleStatus
	}
	return nil
}

func (r *gormRepository) AppendEvent(ctx context.Context, orderID, typ string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return r.events.Create(ctx, &domain.OrderEvent{OrderID: orderID, Type: typ, Payload: b, CreatedAt: time.Now().UTC()})
}
