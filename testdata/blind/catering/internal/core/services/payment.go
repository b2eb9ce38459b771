package services

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type PaymentService struct {
	tx        ports.Transactor
	events    ports.EventRepository
	payments  ports.PaymentRepository
	refunds   ports.RefundRepository
	customers ports.CustomerRepository
	venues    ports.VenueRepository
	gateway   ports.PaymentGateway
	clock     ports.Clock
	log       *zap.Logger
}

func NewPaymentService(tx ports.Transactor, events ports.EventRepository, payments ports.PaymentRepository,
	refunds ports.RefundRepository, customers ports.CustomerRepository, venues ports.VenueRepository,
	gateway ports.PaymentGateway, clock ports.Clock, log *zap.Logger) *PaymentService {
	return &PaymentService{
		tx: tx, events: events, payments: payments, refunds: refunds, customers: customers,
		venues: venues, gateway: gateway, clock: clock, log: log.Named("payments"),
	}
}

func (s *PaymentService) chargeRequest(ctx context.Context, ev domain.Event, amount int64, pm, what string) (ports.ChargeRequest, error) {
	cust, err := s.customers.Get(ctx, ev.CustomerID)
	if err != nil {
		return ports.ChargeRequest{}, err
	}
	return ports.ChargeRequest{
		AmountCents:     amount,
		Currency:        ev.Currency,
		CustomerRef:     cust.StripeCustomerID,
		PaymentMethodID: pm,
		Description:     fmt.Sprintf("%s for event on %s", what, ev.EventDate.Format("2 Jan 2006")),
	}, nil
}

func providerStatus(s string) domain.PaymentStatus {
	switch s {
	case "succeeded":
		return domain.PaymentSucceeded
	case "requires_action", "requires_confirmation":
		return domain.PaymentRequiresAction
	case "canceled", "requires_payment_method":
		return domain.PaymentFailed
	default:
		return domain.PaymentPending
	}
}

// ChargeDeposit collects the deposit that secures the event date.
func (s *PaymentService) ChargeDeposit(ctx context.Context, cmd ports.ChargeCommand) (domain.Payment, error) {
	ev, err := s.events.Get(ctx, cmd.EventID)
	if err != nil {
		return domain.Payment{}, err
	}
	if ev.Status == domain.EventCancelled {
		return domain.Payment{}, &domain.StateError{Entity: "event", From: string(ev.Status), To: "deposit"}
	}
	deposit := ev.Deposit()

	var p domain.Payment
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		p, err = s.payments.ClaimDeposit(ctx, domain.Payment{
			ID:          uuid.New(),
			EventID:     ev.ID,
			Purpose:     domain.PurposeDeposit,
			AmountCents: deposit.Cents,
			Currency:    deposit.Currency,
			Status:      domain.PaymentPending,
			AttemptKey:  ulid.Make().String(),
		})
		return err
	})
	if err != nil {
		return domain.Payment{}, err
	}
	if p.Status == domain.PaymentSucceeded {
		return p, nil
	}

	req, err := s.chargeRequest(ctx, ev, p.AmountCents, cmd.PaymentMethodID, "Deposit")
	if err != nil {
		return p, err
	}
	res, err := s.gateway.Charge(ctx, req,
		ports.WithIdempotencyKey("deposit:"+p.AttemptKey),
		ports.WithMetadata("event_id", ev.ID.String(), "payment_id", p.ID.String(), "purpose", "deposit"),
	)
	if err != nil {
		return p, err
	}
	p.StripePaymentIntentID = res.PaymentIntentID
	p.Status = providerStatus(res.Status)
	return p, s.payments.RecordProviderResult(ctx, p.ID, res.PaymentIntentID, p.Status)
}

// ChargeBalance collects whatever is outstanding on the event.
func (s *PaymentService) ChargeBalance(ctx context.Context, cmd ports.ChargeCommand) (domain.Payment, error) {
	ev, err := s.events.Get(ctx, cmd.EventID)
	if err != nil {
		return domain.Payment{}, err
	}
	if prior, err := s.payments.FindSucceeded(ctx, ev.ID, domain.PurposeBalance); err != nil {
		return domain.Payment{}, err
	} else if prior != nil {
		return *prior, nil
	}
	owed := ev.Outstanding()
	if owed.Cents <= 0 {
		return domain.Payment{}, &domain.StateError{Entity: "event", From: string(ev.Status), To: "balance"}
	}
	p := domain.Payment{
		ID:          uuid.New(),
		EventID:     ev.ID,
		Purpose:     domain.PurposeBalance,
		AmountCents: owed.Cents,
		Currency:    owed.Currency,
		Status:      domain.PaymentPending,
		AttemptKey:  ulid.Make().String(),
	}
	if err := s.payments.InsertAttempt(ctx, p); err != nil {
		return p, err
	}
	req, err := s.chargeRequest(ctx, ev, p.AmountCents, cmd.PaymentMethodID, "Final balance")
	if err != nil {
		return p, err
	}
	req.OffSession = true
	res, err := s.gateway.Charge(ctx, req,
		ports.WithIdempotencyKey("balance:"+p.AttemptKey),
		ports.WithMetadata("event_id", ev.ID.String(), "payment_id", p.ID.String(), "purpose", "balance"),
	)
	if err != nil {
		return p, err
	}
	p.StripePaymentIntentID = res.PaymentIntentID
	p.Status = providerStatus(res.Status)
	return p, s.payments.RecordProviderResult(ctx, p.ID, res.PaymentIntentID, p.Status)
}

// ApplySucceeded books a captured payment against its event and accrues the
// partner venue's commission when the balance has been paid.
func (s *PaymentService) ApplySucceeded(ctx context.Context, u ports.PaymentIntentUpdate) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		p, err := s.payments.MarkSucceededByIntent(ctx, u.PaymentIntentID)
		if errors.Is(err, domain.ErrNotFound) {
			// Tasting fees and dashboard charges are not tracked as event payments.
			s.log.Debug("payment intent not tracked", zap.String("payment_intent", u.PaymentIntentID))
			return nil
		}
		if err != nil {
			return err
		}
		ev, err := s.events.AddPaid(ctx, p.EventID, p.AmountCents)
		if err != nil {
			return err
		}
		if p.Purpose != domain.PurposeBalance || ev.VenueID == nil {
			return nil
		}
		venue, err := s.venues.Get(ctx, *ev.VenueID)
		if err != nil {
			return err
		}
		_, err = s.venues.AccrueCommission(ctx, domain.Commission{
			ID:          uuid.New(),
			VenueID:     venue.ID,
			EventID:     ev.ID,
			AmountCents: domain.NewMoney(ev.TotalCents, ev.Currency).Percent(venue.CommissionBPS).Cents,
		})
		return err
	})
}

func (s *PaymentService) ApplyFailed(ctx context.Context, u ports.PaymentIntentUpdate) error {
	return s.payments.MarkFailedByIntent(ctx, u.PaymentIntentID, u.FailureCode)
}

// ApplyRefundUpdate records a refund reported by the processor and refreshes
// the event's refunded total.
func (s *PaymentService) ApplyRefundUpdate(ctx context.Context, u ports.RefundUpdate) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		eventID, err := s.refunds.UpsertFromProvider(ctx, u.StripeRefundID, u.PaymentIntentID, u.AmountCents, u.Status)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return s.events.RecomputeRefunded(ctx, eventID)
	})
}

// RefundCancelledEvent refunds each captured payment of a cancelled event by
// the share the cancellation policy allowed.
func (s *PaymentService) RefundCancelledEvent(ctx context.Context, eventID uuid.UUID, refundBPS int) error {
	ev, err := s.events.Get(ctx, eventID)
	if err != nil {
		return err
	}
	if ev.Status != domain.EventCancelled {
		return &domain.StateError{Entity: "event", From: string(ev.Status), To: "refund"}
	}
	if refundBPS <= 0 {
		return nil
	}
	paid, err := s.payments.ListSucceeded(ctx, ev.ID)
	if err != nil {
		return err
	}
	for _, p := range paid {
		amount := domain.NewMoney(p.AmountCents, p.Currency).Percent(refundBPS)
		if amount.IsZero() {
			continue
		}
		rf, err := s.refunds.ClaimForPayment(ctx, domain.Refund{
			ID:          uuid.New(),
			EventID:     ev.ID,
			PaymentID:   p.ID,
			AmountCents: amount.Cents,
		})
		if err != nil {
			return err
		}
		if rf.Status == domain.RefundSucceeded {
			continue
		}
		res, err := s.gateway.Refund(ctx, ports.RefundRequest{
			PaymentIntentID: p.StripePaymentIntentID,
			AmountCents:     rf.AmountCents,
			Reason:          "requested_by_customer",
		}, ports.WithIdempotencyKey("refund:"+rf.ID.String()))
		if err != nil {
			return fmt.Errorf("refund payment %s: %w", p.ID, err)
		}
		status := domain.RefundPending
		switch res.Status {
		case "succeeded":
			status = domain.RefundSucceeded
		case "failed", "canceled":
			status = domain.RefundFailed
		}
		if err := s.refunds.RecordProviderResult(ctx, rf.ID, res.RefundID, status); err != nil {
			return err
		}
	}
	return s.events.RecomputeRefunded(ctx, ev.ID)
}
