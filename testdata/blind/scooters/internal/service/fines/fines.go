// Package fines issues bad-parking fines, handles contests and queues the
// charges and refunds that follow.
package fines

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/jobs/jobargs"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

var reviewNamespace = uuid.MustParse("0d7d3c62-8e0a-4f5e-b1e4-2b8a3f6d9c10")

type Store interface {
	Insert(ctx context.Context, f *domain.Fine) error
	InsertForReview(ctx context.Context, f *domain.Fine) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Fine, error)
	GetByReview(ctx context.Context, reviewID string) (*domain.Fine, error)
	Transition(ctx context.Context, id uuid.UUID, from, to domain.FineStatus) (bool, error)
	Contest(ctx context.Context, id, riderID uuid.UUID, reason string) (*domain.Fine, error)
}

type Rides interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Ride, error)
	LastEndedForScooter(ctx context.Context, scooterID string) (*domain.Ride, error)
}

type Riders interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Rider, error)
}

type Texter interface {
	Send(ctx context.Context, to, text string) (string, error)
}

type JobQueue interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (bool, error)
}

// Policy holds the amounts and windows set by the city contract.
type Policy struct {
	ParkingFineCents int64
	AdminFeeCents    int64
	// AttributionWindow is how soon after a ride ends a bad-parking report
	// is still blamed on that ride's rider.
	AttributionWindow time.Duration
}

type Service struct {
	tx     pgstore.Transactor
	fines  Store
	rides  Rides
	riders Riders
	sms    Texter
	jobs   JobQueue
	policy Policy
	log    *slog.Logger
}

func New(tx pgstore.Transactor, fines Store, rides Rides, riders Riders, sms Texter, jobs JobQueue, policy Policy, log *slog.Logger) *Service {
	return &Service{tx: tx, fines: fines, rides: rides, riders: riders, sms: sms, jobs: jobs, policy: policy, log: log}
}

var chargeOpts = &river.InsertOpts{Queue: "billing", UniqueOpts: river.UniqueOpts{ByArgs: true}}

// ParkingViolation is a scooter reporting it was left outside a parking
// zone after a ride.
type ParkingViolation struct {
	ScooterID  string
	DetectedAt time.Time
	Position   domain.Position
}

// IssueForParking fines the last rider of a badly parked scooter.
func (s *Service) IssueForParking(ctx context.Context, v ParkingViolation) error {
	ride, err := s.rides.LastEndedForScooter(ctx, v.ScooterID)
	if errors.Is(err, pgstore.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if ride.EndedAt == nil || v.DetectedAt.Sub(*ride.EndedAt) > s.policy.AttributionWindow {
		s.log.InfoContext(ctx, "parking violation outside attribution window", "scooter_id", v.ScooterID)
		return nil
	}

	rideID := ride.ID
	fine := &domain.Fine{
		ID:            uuid.New(),
		RiderID:       ride.RiderID,
		RideID:        &rideID,
		ScooterID:     v.ScooterID,
		Reason:        "parked_outside_zone",
		AmountCents:   s.policy.ParkingFineCents,
		AdminFeeCents: s.policy.AdminFeeCents,
		Status:        domain.FineIssued,
		Source:        "telematics",
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.fines.Insert(ctx, fine); err != nil {
			return err
		}
		_, err := s.jobs.Enqueue(ctx, jobargs.ChargeFine{FineID: fine.ID.String()}, chargeOpts)
		return err
	})
}

// ReviewInput is an ops decision on a rider-submitted or street-team photo.
type ReviewInput struct {
	ReviewID    string
	RideID      uuid.UUID
	Reason      string
	AmountCents int64
}

// IssueFromReview fines the rider of a ride after an ops photo review and
// texts them about it.
func (s *Service) IssueFromReview(ctx context.Context, in ReviewInput) (*domain.Fine, error) {
	ride, err := s.rides.Get(ctx, in.RideID)
	if err != nil {
		return nil, err
	}
	rider, err := s.riders.Get(ctx, ride.RiderID)
	if err != nil {
		return nil, err
	}
	amount := in.AmountCents
	if amount == 0 {
		amount = s.policy.ParkingFineCents
	}

	text := fmt.Sprintf("Kickvolt: a %s parking fine was added for your ride on %s. You can contest it in the app within 14 days.",
		formatEUR(amount), ride.StartedAt.Format("02 Jan"))
	if _, err := s.sms.Send(ctx, rider.Phone, text); err != nil {
		return nil, fmt.Errorf("notify rider: %w", err)
	}

	rideID := ride.ID
	fine := &domain.Fine{
		ID:            uuid.NewSHA1(reviewNamespace, []byte(in.ReviewID)),
		RiderID:       ride.RiderID,
		RideID:        &rideID,
		ScooterID:     ride.ScooterID,
		Reason:        in.Reason,
		AmountCents:   amount,
		AdminFeeCents: s.policy.AdminFeeCents,
		Status:        domain.FineIssued,
		Source:        "review",
		ReviewID:      in.ReviewID,
	}
	return pgstore.InTxValue(ctx, s.tx, func(ctx context.Context) (*domain.Fine, error) {
		created, err := s.fines.InsertForReview(ctx, fine)
		if err != nil {
			return nil, err
		}
		if !created {
			return s.fines.GetByReview(ctx, in.ReviewID)
		}
		if _, err := s.jobs.Enqueue(ctx, jobargs.ChargeFine{FineID: fine.ID.String()}, chargeOpts); err != nil {
			return nil, err
		}
		return fine, nil
	})
}

// Contest records a rider's objection.
func (s *Service) Contest(ctx context.Context, riderID, fineID uuid.UUID, reason string) (*domain.Fine, error) {
	f, err := s.fines.Contest(ctx, fineID, riderID, reason)
	if errors.Is(err, domain.ErrInvalidTransition) {
		// A repeated contest of the same fine is not an error for the rider.
		if cur, gerr := s.fines.Get(ctx, fineID); gerr == nil && cur.RiderID == riderID && cur.Status == domain.FineContested {
			return cur, nil
		}
	}
	return f, err
}

// Decision is the ops outcome of a contest.
type Decision string

const (
	DecisionUphold Decision = "uphold"
	DecisionCancel Decision = "cancel"
)

// Decide closes a contest. Upheld fines go back to where they were;
// cancelled fines are waived, or refunded if already paid.
func (s *Service) Decide(ctx context.Context, fineID uuid.UUID, d Decision) (*domain.Fine, error) {
	fine, err := s.fines.Get(ctx, fineID)
	if err != nil {
		return nil, err
	}
	paid := fine.PaymentIntentID != ""

	var next domain.FineStatus
	switch {
	case d == DecisionUphold && paid:
		next = domain.FinePaid
	case d == DecisionUphold:
		// The pending charge job is snoozed while contested and picks
		// the fine up again once it is back to issued.
		next = domain.FineIssued
	case d == DecisionCancel && paid:
		next = domain.FineRefundPending
	case d == DecisionCancel:
		next = domain.FineWaived
	default:
		return nil, fmt.Errorf("unknown decision %q", d)
	}

	ok, err := s.fines.Transition(ctx, fineID, domain.FineContested, next)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, domain.ErrInvalidTransition
	}
	if next == domain.FineRefundPending {
		if _, err := s.jobs.Enqueue(ctx, jobargs.RefundFine{FineID: fineID.String()}, &river.InsertOpts{Queue: "billing"}); err != nil {
			return nil, fmt.Errorf("queue refund: %w", err)
		}
	}
	return s.fines.Get(ctx, fineID)
}

func formatEUR(cents int64) string {
	return fmt.Sprintf("€%d.%02d", cents/100, cents%100)
}
