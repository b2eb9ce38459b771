package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/skyway-air/ancillaries/internal/domain"
)

// OrderExpirer abandons orders that were never paid and gives their
// inventory back.
type OrderExpirer struct {
	deps    Deps
	timeout time.Duration
}

func NewOrderExpirer(d Deps, timeout time.Duration) *OrderExpirer {
	return &OrderExpirer{deps: d, timeout: timeout}
}

// Run expires up to limit orders and reports how many were expired.
func (e *OrderExpirer) Run(ctx context.Context, limit int) (int, error) {
	store := e.deps.Store
	orders, err := store.Orders().ListPendingBefore(ctx, e.deps.now().Add(-e.timeout), limit)
	if err != nil {
		return 0, err
	}
	expired := 0
	for _, o := range orders {
		if err := e.expire(ctx, o); err != nil {
			e.deps.log().WarnContext(ctx, "expire order failed", slog.String("order_id", o.ID), slog.Any("err", err))
			continue
		}
		expired++
	}
	return expired, nil
}

func (e *OrderExpirer) expire(ctx context.Context, o domain.Order) error {
	store := e.deps.Store
	items, err := store.Items().ListByOrder(ctx, o.ID)
	if err != nil {
		return err
	}
	for _, it := range items {
		if it.Product != domain.ProductLounge {
			continue
		}
		if err := store.Lounge().ReleaseCapacity(ctx, it.Code, it.ServiceDate, it.Quantity); err != nil {
			return err
		}
	}
	if o.HasPaymentIntent() {
		intent, err := e.deps.Payments.Cancel(ctx, o.PaymentIntentID.String, "order-cancel-"+o.ID)
		if err != nil {
			return err
		}
		if intent.Succeeded() {
			return nil
		}
	}
	return store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		if err := tx.Orders().SetStatus(ctx, o.ID, domain.OrderExpired); err != nil {
			return err
		}
		for _, it := range items {
			if _, err := tx.Items().TransitionStatus(ctx, it.ID, domain.ItemExpired, domain.ItemPending); err != nil {
				return err
			}
		}
		return nil
	})
}
