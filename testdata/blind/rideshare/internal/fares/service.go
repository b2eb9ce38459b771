// Package fares captures rider payments for trips and keeps the fare record
// and the driver's trip earnings in step.
package fares

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/httpreq"
	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/provider/payments"
	"github.com/wayfare/ridepay/internal/store"
)

// Fare statuses.
const (
	StatusPending       = "pending"
	StatusCaptured      = "captured"
	StatusCaptureFailed = "capture_failed"
	StatusDisputed      = "disputed"
)

// Gateway is the subset of the acquirer client the fare flows use.
type Gateway interface {
	Capture(ctx context.Context, paymentPspRef string, amount payments.Amount, reference string, opts ...payments.CallOption) (*payments.ModificationResponse, error)
	ChargeStoredCard(ctx context.Context, p payments.StoredCardPayment, opts ...payments.CallOption) (*payments.PaymentResponse, error)
}

// Publisher emits domain events on the bus.
type Publisher interface {
	Publish(ctx context.Context, subject string, payload any, msgID string) error
}

// Service implements the fare flows.
type Service struct {
	sqldb      *sql.DB
	q          *db.Queries
	fares      store.FareRepo
	riders     store.DriverRepo
	gateway    Gateway
	pub        Publisher
	commission ledger.Commission
	log        *slog.Logger

	maxCaptureAttempts int32
}

// Config tunes the fare service.
type Config struct {
	Commission         ledger.Commission
	MaxCaptureAttempts int32
}

// NewService wires a Service.
func NewService(sqldb *sql.DB, fares store.FareRepo, riders store.DriverRepo, gateway Gateway, pub Publisher, cfg Config, log *slog.Logger) *Service {
	if cfg.MaxCaptureAttempts == 0 {
		cfg.MaxCaptureAttempts = 5
	}
	return &Service{
		sqldb:              sqldb,
		q:                  db.New(sqldb),
		fares:              fares,
		riders:             riders,
		gateway:            gateway,
		pub:                pub,
		commission:         cfg.Commission,
		log:                log,
		maxCaptureAttempts: cfg.MaxCaptureAttempts,
	}
}

// TripCompleted is the input of CompleteTrip.
type TripCompleted struct {
	TripID      string
	RiderID     uuid.UUID
	DriverID    uuid.UUID
	FareCents   int64
	Currency    string
	AuthPspRef  string
	CompletedAt time.Time
}

// EarningsAccrued is published once a trip's earnings are on the ledger and
// the fare is captured.
type EarningsAccrued struct {
	TripID      string    `json:"trip_id"`
	DriverID    uuid.UUID `json:"driver_id"`
	AmountCents int64     `json:"amount_cents"`
	Currency    string    `json:"currency"`
	CompletedAt time.Time `json:"completed_at"`
}

// SubjectEarningsAccrued is where EarningsAccrued is published.
const SubjectEarningsAccrued = "earnings.accrued"

func captureKey(tripID string) string { return "fare-capture:" + tripID }

// CompleteTrip records the fare and the driver's earnings for a finished
// trip and captures the rider's authorisation.
func (s *Service) CompleteTrip(ctx context.Context, t TripCompleted) error {
	requestID := ids.NewRequestID()
	log := s.log.With("trip_id", t.TripID, "request_id", requestID)

	share := s.commission.DriverShare(t.FareCents)
	err := store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		if _, err := q.InsertFare(ctx, db.InsertFareParams{
			ID:          ids.Derive("fare", t.TripID),
			TripID:      t.TripID,
			RiderID:     t.RiderID,
			DriverID:    t.DriverID,
			AmountCents: t.FareCents,
			Currency:    t.Currency,
			AuthPspRef:  t.AuthPspRef,
			CaptureKey:  captureKey(t.TripID),
		}); err != nil {
			return fmt.Errorf("insert fare: %w", err)
		}
		if share == 0 {
			return nil
		}
		entry, err := ledger.NewEntry(t.DriverID, ledger.KindTripEarning).
			ID(ids.LedgerKey("earn", t.TripID)).
			Amount(share, t.Currency).
			Source("trip", t.TripID).
			Build()
		if err != nil {
			return err
		}
		_, err = ledger.Post(ctx, q, entry)
		return err
	})
	if err != nil {
		return err
	}

	fare, err := s.fares.GetByTrip(ctx, t.TripID)
	if err != nil {
		return fmt.Errorf("reload fare: %w", err)
	}
	if fare.Status == StatusCaptured || fare.Status == StatusDisputed {
		log.DebugContext(ctx, "fare already captured")
		return s.announce(ctx, t, share)
	}

	res, err := s.gateway.Capture(ctx, fare.AuthPspRef,
		payments.Amount{Value: fare.AmountCents, Currency: fare.Currency},
		fare.ID.String(),
		payments.WithIdempotencyKey(fare.CaptureKey),
		payments.WithRequestID(requestID),
	)
	if err != nil {
		if httpreq.StatusOf(err) == http.StatusUnprocessableEntity {
			log.WarnContext(ctx, "capture refused, leaving for retry job", "err", err)
			return s.fares.MarkCaptureFailed(ctx, fare.ID)
		}
		return err
	}
	if _, err := s.fares.MarkCaptured(ctx, fare.ID, res.PspReference); err != nil {
		return fmt.Errorf("mark captured: %w", err)
	}
	log.InfoContext(ctx, "fare captured", "psp_reference", res.PspReference, "amount", fare.AmountCents)
	return s.announce(ctx, t, share)
}

func (s *Service) announce(ctx context.Context, t TripCompleted, share int64) error {
	return s.pub.Publish(ctx, SubjectEarningsAccrued, EarningsAccrued{
		TripID:      t.TripID,
		DriverID:    t.DriverID,
		AmountCents: share,
		Currency:    t.Currency,
		CompletedAt: t.CompletedAt,
	}, ids.MessageID(SubjectEarningsAccrued, t.TripID))
}

// TripCancelled is the input of ChargeCancellationFee.
type TripCancelled struct {
	TripID      string
	RiderID     uuid.UUID
	DriverID    uuid.UUID
	CancelledBy string
	FeeCents    int64
	Currency    string
}

// ChargeCancellationFee charges the rider's card on file for a late
// cancellation and credits the driver's share.
func (s *Service) ChargeCancellationFee(ctx context.Context, c TripCancelled) error {
	if c.CancelledBy != "rider" || c.FeeCents <= 0 {
		return nil
	}
	err := store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		n, err := q.InsertCancellationFee(ctx, db.InsertCancellationFeeParams{
			TripID:      c.TripID,
			RiderID:     c.RiderID,
			DriverID:    c.DriverID,
			AmountCents: c.FeeCents,
			Currency:    c.Currency,
		})
		if err != nil || n == 0 {
			return err
		}
		_, err = ledger.Post(ctx, q, ledger.Entry{
			ID:         ids.LedgerKey("cxl", c.TripID),
			DriverID:   c.DriverID,
			Kind:       ledger.KindCancelFee,
			Amount:     s.commission.DriverShareOfDelta(c.FeeCents),
			Currency:   c.Currency,
			SourceType: "trip",
			SourceRef:  c.TripID,
			Memo:       "Rider cancellation fee",
		})
		return err
	})
	if err != nil {
		return err
	}

	fee, err := s.q.GetCancellationFee(ctx, c.TripID)
	if err != nil {
		return fmt.Errorf("load cancellation fee: %w", err)
	}
	if fee.Status == "charged" {
		return nil
	}
	pm, err := s.riders.GetRiderPaymentMethod(ctx, c.RiderID)
	if err != nil {
		return fmt.Errorf("load payment method for rider %s: %w", c.RiderID, err)
	}

	res, err := s.gateway.ChargeStoredCard(ctx, payments.StoredCardPayment{
		Amount:           payments.Amount{Value: fee.AmountCents, Currency: fee.Currency},
		Reference:        "cxl-" + c.TripID,
		ShopperReference: pm.ShopperReference,
		StoredMethodID:   pm.StoredMethodID,
		Statement:        "Ride cancellation fee",
	})
	if err != nil {
		return err
	}
	if !res.Authorised() {
		s.log.WarnContext(ctx, "cancellation fee refused", "trip_id", c.TripID, "reason", res.RefusalReason)
		return nil
	}
	return s.q.MarkCancellationFeeCharged(ctx, db.MarkCancellationFeeChargedParams{
		TripID:       c.TripID,
		PspReference: sql.NullString{String: res.PspReference, Valid: true},
	})
}

// FareAdjusted is the input of AdjustFare.
type FareAdjusted struct {
	TripID       string
	AdjustmentID string
	NewFareCents int64
	Reason       string
}

// ErrFareNotFound is returned when an adjustment refers to an unknown trip.
var ErrFareNotFound = errors.New("fare not found")

// AdjustFare applies a post-trip fare correction from dispatch (route or
// toll recalculation) to the fare record and the driver's earnings.
func (s *Service) AdjustFare(ctx context.Context, a FareAdjusted) error {
	fare, err := s.fares.GetByTrip(ctx, a.TripID)
	if store.IsNotFound(err) {
		return ErrFareNotFound
	}
	if err != nil {
		return err
	}
	delta := a.NewFareCents - fare.AmountCents
	if delta == 0 {
		return nil
	}
	if fare.Status == StatusCaptured && delta > 0 {
		s.log.WarnContext(ctx, "upward adjustment on captured fare needs a top-up charge",
			"trip_id", a.TripID, "delta", delta)
	}

	if err := s.fares.UpdateAmount(ctx, fare.ID, a.NewFareCents); err != nil {
		return fmt.Errorf("update fare amount: %w", err)
	}

	driverDelta := s.commission.DriverShareOfDelta(delta)
	if driverDelta == 0 {
		return nil
	}
	return store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		_, err := ledger.Post(ctx, q, ledger.Entry{
			ID:         ids.LedgerKey("fareadj", a.AdjustmentID),
			DriverID:   fare.DriverID,
			Kind:       ledger.KindFareAdjust,
			Amount:     driverDelta,
			Currency:   fare.Currency,
			SourceType: "fare_adjustment",
			SourceRef:  a.AdjustmentID,
			Memo:       a.Reason,
		})
		return err
	})
}

// RetryFailedCaptures re-attempts captures the acquirer refused earlier
// (soft declines, issuer unavailable). It returns how many were captured.
func (s *Service) RetryFailedCaptures(ctx context.Context, runID string, limit int32) (int, error) {
	pending, err := s.fares.ListCaptureFailed(ctx, s.maxCaptureAttempts, limit)
	if err != nil {
		return 0, fmt.Errorf("list failed captures: %w", err)
	}
	captured := 0
	for _, f := range pending {
		res, err := s.gateway.Capture(ctx, f.AuthPspRef,
			payments.Amount{Value: f.AmountCents, Currency: f.Currency},
			f.ID.String(),
			payments.WithRequestID(runID),
		)
		if err != nil {
			s.log.WarnContext(ctx, "capture retry failed", "trip_id", f.TripID, "attempts", f.CaptureAttempts+1, "err", err)
			if mErr := s.fares.MarkCaptureFailed(ctx, f.ID); mErr != nil {
				return captured, mErr
			}
			continue
		}
		if _, err := s.fares.MarkCaptured(ctx, f.ID, res.PspReference); err != nil {
			return captured, fmt.Errorf("mark captured %s: %w", f.TripID, err)
		}
		captured++
	}
	return captured, nil
}
