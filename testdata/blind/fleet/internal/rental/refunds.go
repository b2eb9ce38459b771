package rental

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
	"github.com/acme/fleet/internal/provider/payments"
)

type RentalReader interface {
	Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Rental, error)
}

// Refunds issues goodwill and correction refunds from the back office.
type Refunds struct {
	db       db.Ext
	rentals  RentalReader
	payments PaymentRepo
	refunds  RefundRepo
	gateway  Gateway
	log      *slog.Logger
	now      func() time.Time
}

func NewRefunds(q db.Ext, rentals RentalReader, paymentsRepo PaymentRepo, refunds RefundRepo, gateway Gateway, log *slog.Logger) *Refunds {
	return &Refunds{db: q, rentals: rentals, payments: paymentsRepo, refunds: refunds, gateway: gateway, log: log, now: time.Now}
}

// RefundInput is a refund requested by a staff member.
type RefundInput struct {
	RentalID    uuid.UUID
	AmountCents int64
	Reason      string
	IssuedBy    string
}

// Issue refunds part of what a rental was charged.
func (s *Refunds) Issue(ctx context.Context, in RefundInput) (domain.Refund, error) {
	if in.AmountCents <= 0 || in.Reason == "" {
		return domain.Refund{}, fmt.Errorf("%w: amount and reason are required", domain.ErrInvalidInput)
	}
	r, err := s.rentals.Get(ctx, s.db, in.RentalID)
	if err != nil {
		return domain.Refund{}, err
	}
	intentID, paid, err := s.payments.LatestIntentForRental(ctx, s.db, r.ID)
	if err != nil {
		return domain.Refund{}, err
	}
	refunded, err := s.refunds.TotalForRental(ctx, s.db, r.ID)
	if err != nil {
		return domain.Refund{}, err
	}
	if refunded+in.AmountCents > paid {
		return domain.Refund{}, fmt.Errorf("%w: refund exceeds the %d paid", domain.ErrInvalidInput, paid)
	}

	refund := domain.Refund{
		ID:          "rf_" + xid.New().String(),
		RentalID:    r.ID,
		IntentID:    intentID,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		IssuedBy:    in.IssuedBy,
		CreatedAt:   s.now(),
	}
	refund.StripeRefundID, err = s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: intentID,
		AmountCents:     in.AmountCents,
	})
	if err != nil {
		return domain.Refund{}, err
	}
	if err := s.refunds.Insert(ctx, s.db, refund); err != nil {
		return domain.Refund{}, err
	}
	s.log.InfoContext(ctx, "refund issued", "refund_id", refund.ID, "rental_id", r.ID, "by", in.IssuedBy)
	return refund, nil
}
