// Package copay collects and refunds private patients' co-pays by card.
package copay

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/carelift-health/nemt/internal/apperr"
	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
	"github.com/carelift-health/nemt/internal/provider/stripepay"
)

type CopayStore interface {
	Open(ctx context.Context, c *models.Copay) (*models.Copay, error)
	Get(ctx context.Context, id uuid.UUID) (*models.Copay, error)
	GetByIntent(ctx context.Context, paymentIntentID string) (*models.Copay, error)
	SetIntent(ctx context.Context, id uuid.UUID, intentID, status string) error
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
	BeginRefund(ctx context.Context, id uuid.UUID, cents int64) (bool, error)
	CompleteRefund(ctx context.Context, id uuid.UUID, refundID string) error
}

type TripReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Trip, error)
	AddCollected(ctx context.Context, tripID uuid.UUID, cents int64) error
}

type RideReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Ride, error)
}

type PatientReader interface {
	Get(ctx context.Context, id uuid.UUID) (*models.Patient, error)
}

type CardCharger interface {
	ChargeCard(ctx context.Context, ch stripepay.Charge) (*stripepay.Result, error)
	Refund(ctx context.Context, paymentIntentID string, amountCents int64, idempotencyKey string) (string, error)
}

type Service struct {
	tx       database.Transactor
	copays   CopayStore
	trips    TripReader
	rides    RideReader
	patients PatientReader
	cards    CardCharger
}

func NewService(tx database.Transactor, copays CopayStore, trips TripReader, rides RideReader, patients PatientReader, cards CardCharger) *Service {
	return &Service{tx: tx, copays: copays, trips: trips, rides: rides, patients: patients, cards: cards}
}

type CollectInput struct {
	ClinicID    uuid.UUID
	TripID      uuid.UUID
	AmountCents int64
}

// Collect charges the patient's card on file for the trip's co-pay.
func (s *Service) Collect(ctx context.Context, in CollectInput) (*models.Copay, error) {
	if in.AmountCents <= 0 || in.AmountCents > 50_000 {
		return nil, apperr.Invalid("co-pay must be between $0.01 and $500")
	}
	trip, err := s.trips.Get(ctx, in.TripID)
	if err != nil {
		return nil, err
	}
	if trip.ClinicID != in.ClinicID {
		return nil, apperr.ErrNotFound
	}
	ride, err := s.rides.Get(ctx, trip.RideID)
	if err != nil {
		return nil, err
	}
	patient, err := s.patients.Get(ctx, ride.PatientID)
	if err != nil {
		return nil, err
	}
	if !patient.PrivatePay || patient.PaymentMethodID == "" {
		return nil, apperr.Invalid("patient has no card on file")
	}

	cp, err := s.copays.Open(ctx, &models.Copay{
		ID:           uuid.New(),
		TripID:       trip.ID,
		AmountCents:  in.AmountCents,
		Status:       models.CopayPending,
		RefundStatus: models.RefundNone,
	})
	if err != nil {
		return nil, fmt.Errorf("open copay: %w", err)
	}
	if cp.Status == models.CopayPaid || cp.StripePaymentIntentID != "" {
		return cp, nil
	}

	res, err := s.cards.ChargeCard(ctx, stripepay.Charge{
		CustomerID:      patient.StripeCustomerID,
		PaymentMethodID: patient.PaymentMethodID,
		AmountCents:     cp.AmountCents,
		Description:     "Transport co-pay",
		Metadata:        map[string]string{"copay_id": cp.ID.String(), "trip_id": trip.ID.String()},
		IdempotencyKey:  stripe.NewIdempotencyKey(),
	})
	if errors.Is(err, stripepay.ErrCardDeclined) {
		if serr := s.copays.SetStatus(ctx, cp.ID, models.CopayFailed); serr != nil {
			return nil, serr
		}
		return nil, apperr.Invalid("card declined")
	}
	if err != nil {
		return nil, err
	}
	// The payment_intent.succeeded webhook moves the co-pay to paid.
	if err := s.copays.SetIntent(ctx, cp.ID, res.PaymentIntentID, models.CopayPending); err != nil {
		return nil, err
	}
	cp.StripePaymentIntentID = res.PaymentIntentID
	return cp, nil
}

// RecordPayment applies a succeeded payment intent to its co-pay and to the
// trip's collected total.
func (s *Service) RecordPayment(ctx context.Context, paymentIntentID string, amountCents int64) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		cp, err := s.copays.GetByIntent(ctx, paymentIntentID)
		if errors.Is(err, apperr.ErrNotFound) {
			return nil // not one of ours (patient-responsibility charges are tracked on the claim)
		}
		if err != nil {
			return err
		}
		if err := s.copays.SetStatus(ctx, cp.ID, models.CopayPaid); err != nil {
			return err
		}
		return s.trips.AddCollected(ctx, cp.TripID, amountCents)
	})
}

type RefundInput struct {
	ClinicID    uuid.UUID
	CopayID     uuid.UUID
	AmountCents int64
}

// Refund returns a co-pay to the patient. The refund is recorded as pending
// before Stripe is called, and the Stripe key is derived from the co-pay, so
// a repeated request finishes the same refund.
func (s *Service) Refund(ctx context.Context, in RefundInput) (*models.Copay, error) {
	var cp *models.Copay
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		c, err := s.copays.Get(ctx, in.CopayID)
		if err != nil {
			return err
		}
		trip, err := s.trips.Get(ctx, c.TripID)
		if err != nil {
			return err
		}
		if trip.ClinicID != in.ClinicID {
			return apperr.ErrNotFound
		}
		amount := in.AmountCents
		if amount <= 0 || amount > c.AmountCents {
			amount = c.AmountCents
		}
		started, err := s.copays.BeginRefund(ctx, c.ID, amount)
		if err != nil {
			return err
		}
		if started {
			c.RefundStatus, c.RefundCents = models.RefundPending, amount
		} else if c.RefundStatus == models.RefundNone {
			return apperr.Conflict("co-pay %s is not paid", c.ID)
		}
		cp = c
		return nil
	})
	if err != nil {
		return nil, err
	}
	if cp.RefundStatus == models.RefundComplete {
		return cp, nil
	}

	refundID, err := s.cards.Refund(ctx, cp.StripePaymentIntentID, cp.RefundCents, "copay-refund-"+cp.ID.String())
	if err != nil {
		return nil, err
	}
	if err := s.copays.CompleteRefund(ctx, cp.ID, refundID); err != nil {
		return nil, err
	}
	cp.RefundStatus, cp.StripeRefundID = models.RefundComplete, refundID
	return cp, nil
}
