// Package billing charges finished rides and fines, refunds cancelled
// fines, and applies Stripe webhook events.
package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/payments"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/store"
)

// ErrFineContested tells the worker to come back later.
var ErrFineContested = errors.New("fine is being contested")

type Rides interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Ride, error)
}

type Riders interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Rider, error)
}

type Passes interface {
	ConsumeMinutes(ctx context.Context, riderID uuid.UUID, want int, at time.Time) (int, error)
}

type Charges interface {
	InsertRideCharge(ctx context.Context, ch *domain.RideCharge) error
	SetRideChargeResult(ctx context.Context, rideID uuid.UUID, status domain.ChargeStatus, paymentIntentID, failureCode string) error
	MarkIntentSucceeded(ctx context.Context, paymentIntentID string) (int64, error)
	MarkIntentFailed(ctx context.Context, paymentIntentID, code string) error
	RecordAttempt(ctx context.Context, a store.Attempt) error
	InsertRefund(ctx context.Context, r store.RefundRecord) error
	RecordStripeEvent(ctx context.Context, eventID, eventType string) error
}

type Fines interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Fine, error)
	SetPaid(ctx context.Context, id uuid.UUID, paymentIntentID string) (bool, error)
	Transition(ctx context.Context, id uuid.UUID, from, to domain.FineStatus) (bool, error)
}

type Gateway interface {
	Charge(ctx context.Context, req payments.ChargeRequest) (*payments.Charge, error)
	Refund(ctx context.Context, req payments.RefundRequest) (*payments.Refund, error)
}

type Service struct {
	tx       pgstore.Transactor
	rides    Rides
	riders   Riders
	passes   Passes
	charges  Charges
	fines    Fines
	gateway  Gateway
	tariff   Tariff
	currency string
	log      *slog.Logger
}

type Config struct {
	Tariff   Tariff
	Currency string
}

func New(tx pgstore.Transactor, rides Rides, riders Riders, passes Passes, charges Charges, fines Fines, gw Gateway, cfg Config, log *slog.Logger) *Service {
	return &Service{
		tx: tx, rides: rides, riders: riders, passes: passes, charges: charges, fines: fines,
		gateway: gw, tariff: cfg.Tariff, currency: cfg.Currency, log: log,
	}
}

// ChargeRide prices a finished ride, takes what it can from the rider's
// pass, and charges the rest to their card.
func (s *Service) ChargeRide(ctx context.Context, rideID uuid.UUID, attempt int) error {
	ride, err := s.rides.Get(ctx, rideID)
	if err != nil {
		return err
	}
	if ride.Status != domain.RideEnded || ride.EndedAt == nil {
		return fmt.Errorf("ride %s is not ended", rideID)
	}
	rider, err := s.riders.Get(ctx, ride.RiderID)
	if err != nil {
		return err
	}

	minutes := ride.Minutes()
	charge, err := pgstore.InTxValue(ctx, s.tx, func(ctx context.Context) (*domain.RideCharge, error) {
		used, err := s.passes.ConsumeMinutes(ctx, ride.RiderID, minutes, *ride.EndedAt)
		if err != nil {
			return nil, err
		}
		ch := &domain.RideCharge{
			RideID:          ride.ID,
			AmountCents:     s.tariff.Fare(minutes-used, used > 0),
			PassMinutesUsed: used,
			Currency:        s.currency,
			Status:          domain.ChargePending,
		}
		if ch.AmountCents == 0 {
			ch.Status = domain.ChargeCovered
		}
		if err := s.charges.InsertRideCharge(ctx, ch); err != nil {
			return nil, fmt.Errorf("record ride charge: %w", err)
		}
		return ch, nil
	})
	if err != nil {
		return err
	}
	if charge.Status == domain.ChargeCovered {
		return nil
	}

	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      rider.StripeCustomerID,
		PaymentMethodID: rider.PaymentMethodID,
		AmountCents:     charge.AmountCents,
		Description:     fmt.Sprintf("Kickvolt ride %s", ride.StartedAt.Format("02 Jan 15:04")),
		Metadata:        map[string]string{"ride_id": ride.ID.String()},
		IdempotencyKey:  payments.Key("ride", ride.ID),
	})
	s.recordAttempt(ctx, "ride", ride.ID.String(), attempt, err)
	if err != nil {
		var decline *payments.DeclineError
		if errors.As(err, &decline) {
			return s.charges.SetRideChargeResult(ctx, ride.ID, domain.ChargeFailed, decline.PaymentIntentID, decline.Code)
		}
		return err
	}
	return s.charges.SetRideChargeResult(ctx, ride.ID, domain.ChargeSucceeded, res.PaymentIntentID, "")
}

// ChargeFine collects an issued fine.
func (s *Service) ChargeFine(ctx context.Context, fineID uuid.UUID, attempt int) error {
	fine, err := s.fines.Get(ctx, fineID)
	if err != nil {
		return err
	}
	switch fine.Status {
	case domain.FineIssued:
	case domain.FineContested:
		return ErrFineContested
	default:
		return nil
	}
	rider, err := s.riders.Get(ctx, fine.RiderID)
	if err != nil {
		return err
	}

	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      rider.StripeCustomerID,
		PaymentMethodID: rider.PaymentMethodID,
		AmountCents:     fine.AmountCents,
		Description:     "Kickvolt parking fine",
		Metadata:        map[string]string{"fine_id": fine.ID.String()},
		IdempotencyKey:  payments.Key("fine", fine.ID),
	})
	s.recordAttempt(ctx, "fine", fine.ID.String(), attempt, err)
	if err != nil {
		var decline *payments.DeclineError
		if errors.As(err, &decline) {
			// Collections picks declined fines up from the dashboard.
			s.log.WarnContext(ctx, "fine charge declined", "fine_id", fine.ID, "code", decline.Code)
			return nil
		}
		return err
	}
	if _, err := s.fines.SetPaid(ctx, fine.ID, res.PaymentIntentID); err != nil {
		return err
	}
	return nil
}

// RefundFine returns a cancelled fine that had been paid. The card
// processing fee is kept, per the rider terms.
func (s *Service) RefundFine(ctx context.Context, fineID uuid.UUID) error {
	fine, err := s.fines.Get(ctx, fineID)
	if err != nil {
		return err
	}
	if fine.Status != domain.FineRefundPending {
		return nil
	}

	rf, err := s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: fine.PaymentIntentID,
		AmountCents:     fine.AmountCents - fine.AdminFeeCents,
		Reason:          string(stripe.RefundReasonRequestedByCustomer),
		Metadata:        map[string]string{"fine_id": fine.ID.String()},
	})
	if err != nil {
		return err
	}

	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.charges.InsertRefund(ctx, store.RefundRecord{
			StripeRefundID:  rf.ID,
			PaymentIntentID: fine.PaymentIntentID,
			AmountCents:     fine.AmountCents - fine.AdminFeeCents,
			SubjectKind:     "fine",
			SubjectID:       fine.ID.String(),
		}); err != nil {
			return err
		}
		_, err := s.fines.Transition(ctx, fine.ID, domain.FineRefundPending, domain.FineRefunded)
		return err
	})
}

func (s *Service) recordAttempt(ctx context.Context, kind, id string, attempt int, callErr error) {
	a := store.Attempt{SubjectKind: kind, SubjectID: id, Attempt: attempt, Outcome: "succeeded"}
	if callErr != nil {
		a.Outcome, a.Detail = "failed", callErr.Error()
	}
	if err := s.charges.RecordAttempt(ctx, a); err != nil {
		s.log.WarnContext(ctx, "record charge attempt", "err", err)
	}
}

// HandleStripeEvent applies one webhook event.
func (s *Service) HandleStripeEvent(ctx context.Context, evt stripe.Event) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.charges.RecordStripeEvent(ctx, evt.ID, string(evt.Type)); err != nil {
			return fmt.Errorf("record event: %w", err)
		}
		switch evt.Type {
		case stripe.EventTypePaymentIntentSucceeded:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
				return err
			}
			n, err := s.charges.MarkIntentSucceeded(ctx, pi.ID)
			if err != nil {
				return err
			}
			if fid := pi.Metadata["fine_id"]; n == 0 && fid != "" {
				id, err := uuid.Parse(fid)
				if err != nil {
					return nil
				}
				_, err = s.fines.SetPaid(ctx, id, pi.ID)
				return err
			}
		case stripe.EventTypePaymentIntentPaymentFailed:
			var pi stripe.PaymentIntent
			if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
				return err
			}
			code := "unknown"
			if pi.LastPaymentError != nil {
				code = string(pi.LastPaymentError.Code)
			}
			return s.charges.MarkIntentFailed(ctx, pi.ID, code)
		default:
			s.log.DebugContext(ctx, "ignored stripe event", "type", evt.Type)
		}
		return nil
	})
}
