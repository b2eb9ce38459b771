// Package billing issues the final invoice for a handed-over order and
// charges any positive price difference from substitutions.
package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/provider/cardpay"
)

// Service issues invoices.
type Service interface {
	Finalise(ctx context.Context, orderID uuid.UUID) error
}

// Charger is the off-session charge surface of the card processor.
type Charger interface {
	ChargeOffSession(ctx context.Context, req cardpay.OffSessionRequest, opts ...cardpay.CallOption) (string, error)
}

// Orders loads orders.
type Orders interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
}

// Substitutions computes substitution price differences.
type Substitutions interface {
	ExtraCents(ctx context.Context, orderID uuid.UUID) (int64, error)
}

// Invoices stores invoices.
type Invoices interface {
	Insert(ctx context.Context, inv domain.Invoice) error
	MarkCharged(ctx context.Context, id, chargeRef string) error
}

type service struct {
	card          Charger
	orders        Orders
	substitutions Substitutions
	invoices      Invoices
	now           func() time.Time
	log           *slog.Logger
}

// Option configures the billing service.
type Option func(*service)

// WithClock overrides the clock (used for invoice numbering).
func WithClock(now func() time.Time) Option { return func(s *service) { s.now = now } }

// NewService wires the billing service.
func NewService(card Charger, orders Orders, subs Substitutions, invoices Invoices, log *slog.Logger, opts ...Option) Service {
	s := &service{card: card, orders: orders, substitutions: subs, invoices: invoices, log: log, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *service) invoiceNumber() string {
	return "INV-" + s.now().UTC().Format("20060102-150405.000")
}

// Finalise issues the invoice and charges the substitution difference.
func (s *service) Finalise(ctx context.Context, orderID uuid.UUID) error {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	extra, err := s.substitutions.ExtraCents(ctx, orderID)
	if err != nil {
		return fmt.Errorf("substitution difference: %w", err)
	}

	inv := domain.Invoice{
		ID:         ids.NewULID(),
		Number:     s.invoiceNumber(),
		OrderID:    orderID,
		TotalCents: order.TotalCents + extra,
		ExtraCents: extra,
		Status:     "issued",
	}
	if err := s.invoices.Insert(ctx, inv); err != nil {
		return err
	}
	if extra == 0 {
		return nil
	}

	chargeRef, err := s.card.ChargeOffSession(ctx, cardpay.OffSessionRequest{
		OrderID:       orderID.String(),
		PaymentMethod: order.PaymentMethod,
		AmountCents:   extra,
		Description:   "Substitution difference " + inv.Number,
	}, cardpay.WithMetadata("invoice_id", inv.ID))
	if err != nil {
		return fmt.Errorf("charge substitution difference: %w", err)
	}
	return s.invoices.MarkCharged(ctx, inv.ID, chargeRef)
}
