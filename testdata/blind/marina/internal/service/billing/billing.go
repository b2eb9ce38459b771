// Package billing owns card payments and refunds: it records each payment
// as a row keyed by a stable operation key before talking to Stripe, and
// applies Stripe's webhook events back onto those rows.
package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/providers/stripepay"
	"github.com/harbourline/marina/internal/storage"
)

const (
	StatusPending   = "pending"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
)

var ErrDeclined = errors.New("payment declined")

type Service struct {
	store    storage.Store
	gw       stripepay.Gateway
	currency string
	log      *zap.Logger
}

func NewService(store storage.Store, gw stripepay.Gateway, cfg *config.Config, log *zap.Logger) *Service {
	return &Service{store: store, gw: gw, currency: cfg.Currency, log: log.Named("billing")}
}

// Intent records (or loads) the payment identified by opKey.
func (s *Service) Intent(ctx context.Context, q *storage.Repos, p domain.Payment) (*domain.Payment, error) {
	if p.ID == "" {
		p.ID = uuid.NewString()
	}
	if p.Currency == "" {
		p.Currency = s.currency
	}
	return q.Payments.Intent(ctx, &p)
}

// Collect charges the boater's saved card for p unless p has already been
// collected, and stores the outcome on the payment row.
func (s *Service) Collect(ctx context.Context, p *domain.Payment, boater *domain.Boater, description string, opts ...stripepay.CallOption) (*domain.Payment, error) {
	if p.Status == StatusSucceeded {
		return p, nil
	}
	if boater.StripeCustomerID == "" || boater.DefaultPaymentMethod == "" {
		return nil, fmt.Errorf("boater %s has no card on file: %w", boater.ID, domain.ErrInvalidState)
	}
	opts = append(opts, stripepay.WithMetadata("payment_id", p.ID), stripepay.WithMetadata("purpose", string(p.Purpose)))

	res, err := s.gw.Charge(ctx, stripepay.ChargeRequest{
		AmountCents:   p.AmountCents,
		Currency:      p.Currency,
		CustomerID:    boater.StripeCustomerID,
		PaymentMethod: boater.DefaultPaymentMethod,
		Description:   description,
	}, opts...)
	if errors.Is(err, stripepay.ErrCardDeclined) {
		if serr := s.store.Repos().Payments.SetStatus(ctx, p.ID, StatusFailed, err.Error()); serr != nil {
			s.log.Warn("record declined payment", zap.String("payment_id", p.ID), zap.Error(serr))
		}
		return nil, fmt.Errorf("%w: %v", ErrDeclined, err)
	}
	if err != nil {
		return nil, fmt.Errorf("charge %s: %w", p.OpKey, err)
	}
	if err := s.store.Repos().Payments.SetIntent(ctx, p.ID, res.IntentID, res.Status); err != nil {
		return nil, fmt.Errorf("store intent for %s: %w", p.OpKey, err)
	}
	p.StripeIntentID = res.IntentID
	p.Status = res.Status
	return p, nil
}

// ChargeFuelSale takes payment for a fuel dock sale.
func (s *Service) ChargeFuelSale(ctx context.Context, sale *domain.FuelSale) (*domain.Payment, error) {
	repos := s.store.Repos()
	boater, err := repos.Boaters.Get(ctx, sale.BoaterID)
	if err != nil {
		return nil, err
	}
	p, err := s.Intent(ctx, repos, domain.Payment{
		OpKey:       fmt.Sprintf("fuel:%s:%d", sale.PumpID, sale.TicketNo),
		Purpose:     domain.PurposeFuel,
		BoaterID:    sale.BoaterID,
		FuelSaleID:  sale.ID,
		AmountCents: sale.AmountCents,
	})
	if err != nil {
		return nil, err
	}
	desc := fmt.Sprintf("Fuel dock %s ticket %d: %.2f L %s", sale.PumpID, sale.TicketNo, sale.Litres, sale.Product)
	return s.Collect(ctx, p, boater, desc, stripepay.WithIdempotencyKey(p.OpKey))
}

// ChargeWorkOrder bills a completed boatyard work order to the boater's card.
func (s *Service) ChargeWorkOrder(ctx context.Context, workOrderID, boaterID string, amountCents int64) (*domain.Payment, error) {
	repos := s.store.Repos()
	boater, err := repos.Boaters.Get(ctx, boaterID)
	if err != nil {
		return nil, err
	}
	p, err := s.Intent(ctx, repos, domain.Payment{
		OpKey:       "workorder:" + workOrderID,
		Purpose:     domain.PurposeWorkOrder,
		BoaterID:    boaterID,
		WorkOrderID: workOrderID,
		AmountCents: amountCents,
	})
	if err != nil {
		return nil, err
	}
	return s.Collect(ctx, p, boater, "Boatyard work order "+workOrderID[:8])
}

// RefundInput is a staff-initiated refund against a payment.
type RefundInput struct {
	PaymentID   string
	AmountCents int64
	Reason      string
	Key         string
	RequestedBy string
}

// Refund issues a staff refund against a succeeded payment, recorded under
// the caller's key.
func (s *Service) Refund(ctx context.Context, in RefundInput) (*domain.Refund, error) {
	repos := s.store.Repos()
	p, err := repos.Payments.Get(ctx, in.PaymentID)
	if err != nil {
		return nil, err
	}
	if p.Status != StatusSucceeded || p.StripeIntentID == "" {
		return nil, fmt.Errorf("payment %s is %s: %w", p.ID, p.Status, domain.ErrInvalidState)
	}
	if in.AmountCents <= 0 || in.AmountCents > p.AmountCents {
		return nil, fmt.Errorf("refund amount %d out of range", in.AmountCents)
	}

	rf, err := repos.Refunds.Upsert(ctx, &domain.Refund{
		ID:          uuid.NewString(),
		PaymentID:   p.ID,
		OpKey:       "manual:" + in.Key,
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		RequestedBy: in.RequestedBy,
	})
	if err != nil {
		return nil, err
	}
	if rf.Status == StatusSucceeded {
		return rf, nil
	}
	if rf.AmountCents != in.AmountCents {
		return nil, domain.ErrKeyReused
	}

	res, err := s.gw.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: p.StripeIntentID,
		AmountCents:     rf.AmountCents,
		Reason:          stripeReason(in.Reason),
	}, stripepay.WithIdempotencyKey("refund:"+rf.ID))
	if err != nil {
		return nil, fmt.Errorf("stripe refund: %w", err)
	}
	if err := repos.Refunds.Complete(ctx, rf.ID, res.RefundID, res.Status); err != nil {
		return nil, err
	}
	rf.StripeRefundID, rf.Status = res.RefundID, res.Status
	return rf, nil
}

// RefundCancelledDeposit returns the deposit on a cancelled reservation,
// in full when cancelled at least a week ahead and half otherwise.
func (s *Service) RefundCancelledDeposit(ctx context.Context, reservationID string, daysBeforeArrival int, cancelledBy string) error {
	repos := s.store.Repos()
	p, err := repos.Payments.DepositForReservation(ctx, reservationID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if p.Status != StatusSucceeded {
		return nil
	}

	amount := p.AmountCents
	if daysBeforeArrival < 7 {
		amount = p.AmountCents / 2
	}
	if amount == 0 {
		return nil
	}

	rf, err := repos.Refunds.Upsert(ctx, &domain.Refund{
		ID:          uuid.NewString(),
		PaymentID:   p.ID,
		OpKey:       "cancellation",
		AmountCents: amount,
		Reason:      "reservation cancelled",
		RequestedBy: cancelledBy,
	})
	if err != nil {
		return err
	}
	if rf.Status == StatusSucceeded {
		return nil
	}

	res, err := s.gw.Refund(ctx, stripepay.RefundRequest{
		PaymentIntentID: p.StripeIntentID,
		AmountCents:     rf.AmountCents,
		Reason:          string(stripe.RefundReasonRequestedByCustomer),
	}, stripepay.WithIdempotencyKey(stripe.NewIdempotencyKey()), stripepay.WithMetadata("reservation_id", reservationID))
	if err != nil {
		return fmt.Errorf("refund deposit %s: %w", p.ID, err)
	}
	return repos.Refunds.Complete(ctx, rf.ID, res.RefundID, res.Status)
}

func stripeReason(reason string) string {
	switch reason {
	case "duplicate":
		return string(stripe.RefundReasonDuplicate)
	case "fraudulent":
		return string(stripe.RefundReasonFraudulent)
	default:
		return string(stripe.RefundReasonRequestedByCustomer)
	}
}
