package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"
	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

// PaymentEventService consumes Stripe webhook events.
type PaymentEventService interface {
	Handle(ctx context.Context, ev stripe.Event) error
}

type paymentEventService struct {
	db          *bun.DB
	orders      OrderService
	instalments InstalmentService
	log         *slog.Logger
	handlers    map[stripe.EventType]func(context.Context, *stripe.PaymentIntent) error
}

func NewPaymentEventService(db *bun.DB, orders OrderService, instalments InstalmentService, log *slog.Logger) *paymentEventService {
	s := &paymentEventService{db: db, orders: orders, instalments: instalments, log: log}
	s.handlers = map[stripe.EventType]func(context.Context, *stripe.PaymentIntent) error{
		stripe.EventTypePaymentIntentSucceeded:     s.onSucceeded,
		stripe.EventTypePaymentIntentPaymentFailed: s.onFailed,
	}
	return s
}

func (s *paymentEventService) Handle(ctx context.Context, ev stripe.Event) error {
	if _, err := s.db.NewInsert().Model(&model.StripeEvent{ID: ev.ID, Type: string(ev.Type)}).Exec(ctx); err != nil {
		return fmt.Errorf("record stripe event %s: %w", ev.ID, err)
	}
	h, ok := s.handlers[ev.Type]
	if !ok {
		return nil
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		return fmt.Errorf("decode %s: %w", ev.Type, err)
	}
	return h(ctx, &pi)
}

func (s *paymentEventService) onSucceeded(ctx context.Context, pi *stripe.PaymentIntent) error {
	if _, ok := pi.Metadata["order_id"]; ok {
		return s.orders.FulfilPaymentIntent(ctx, pi.ID)
	}
	return nil
}

func (s *paymentEventService) onFailed(ctx context.Context, pi *stripe.PaymentIntent) error {
	if _, ok := pi.Metadata["instalment_id"]; !ok {
		return nil
	}
	reason := "payment failed"
	if pi.LastPaymentError != nil {
		reason = pi.LastPaymentError.Msg
	}
	return s.instalments.RecordFailure(ctx, pi.ID, reason)
}
