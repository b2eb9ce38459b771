// Package booking owns the booking lifecycle: request, accept, cancel and
// complete.
package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/pawtrail-labs/pawtrail/internal/apperr"
	"github.com/pawtrail-labs/pawtrail/internal/jobs"
	"github.com/pawtrail-labs/pawtrail/internal/lockbox"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type Bookings interface {
	Get(ctx context.Context, id uuid.UUID) (store.Booking, error)
	Create(ctx context.Context, p store.CreateBookingParams) (store.Booking, error)
	Accept(ctx context.Context, id uuid.UUID, codeID, code *string) (bool, error)
	Cancel(ctx context.Context, id uuid.UUID, reason string) (bool, error)
	Complete(ctx context.Context, id uuid.UUID) (bool, error)
	Sitter(ctx context.Context, id uuid.UUID) (store.Sitter, error)
	Contact(ctx context.Context, id uuid.UUID) (store.BookingContact, error)
	PetBelongsToOwner(ctx context.Context, petID, ownerID uuid.UUID) (bool, error)
}

type Deposits interface {
	Get(ctx context.Context, bookingID uuid.UUID) (store.Deposit, error)
}

type Refunds interface {
	Create(ctx context.Context, bookingID uuid.UUID, amount int64, reason string) (store.Refund, error)
}

type Locks interface {
	CreateAccessCode(ctx context.Context, r lockbox.AccessCodeRequest) (lockbox.AccessCode, error)
	DeleteAccessCode(ctx context.Context, lockID, codeID string) error
}

type Transactor interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Deps groups the collaborators of Service.
type Deps struct {
	Bookings Bookings
	Deposits Deposits
	Refunds  Refunds
	Locks    Locks
	Tx       Transactor
	Jobs     jobs.TxInserter
	Logger   *slog.Logger
	Now      func() time.Time
}

type Service struct {
	Deps
	policy CancellationPolicy
}

func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	return &Service{Deps: d, policy: DefaultPolicy}
}

type CreateInput struct {
	OwnerID  uuid.UUID
	SitterID uuid.UUID
	PetID    uuid.UUID
	Kind     string
	StartsAt time.Time
	EndsAt   time.Time
	LockID   string
}

func (s *Service) Create(ctx context.Context, in CreateInput) (store.Booking, error) {
	if in.Kind != "walk" && in.Kind != "stay" {
		return store.Booking{}, apperr.Invalid("kind must be walk or stay")
	}
	if !in.EndsAt.After(in.StartsAt) || in.StartsAt.Before(s.Now()) {
		return store.Booking{}, apperr.Invalid("invalid booking window")
	}
	ok, err := s.Bookings.PetBelongsToOwner(ctx, in.PetID, in.OwnerID)
	if err != nil {
		return store.Booking{}, err
	}
	if !ok {
		return store.Booking{}, apperr.ErrForbidden
	}
	sitter, err := s.Bookings.Sitter(ctx, in.SitterID)
	if err != nil {
		return store.Booking{}, notFound(err)
	}
	var lockID *string
	if in.LockID != "" {
		lockID = &in.LockID
	}
	return s.Bookings.Create(ctx, store.CreateBookingParams{
		ID:         uuid.New(),
		OwnerID:    in.OwnerID,
		SitterID:   sitter.ID,
		PetID:      in.PetID,
		Kind:       in.Kind,
		StartsAt:   in.StartsAt,
		EndsAt:     in.EndsAt,
		PriceCents: Price(in.Kind, sitter.HourlyRateCents, in.EndsAt.Sub(in.StartsAt)),
		Currency:   "usd",
		LockID:     lockID,
	})
}

func (s *Service) Get(ctx context.Context, id uuid.UUID) (store.Booking, error) {
	b, err := s.Bookings.Get(ctx, id)
	return b, notFound(err)
}

func (s *Service) Contact(ctx context.Context, id uuid.UUID) (store.BookingContact, error) {
	c, err := s.Bookings.Contact(ctx, id)
	return c, notFound(err)
}

// Accept is called by the sitter. It programs a door code for the booking
// window when the owner has a smart lock, then schedules the deposit
// capture for a day before the start.
func (s *Service) Accept(ctx context.Context, sitterID, bookingID uuid.UUID) (store.Booking, error) {
	b, err := s.Get(ctx, bookingID)
	if err != nil {
		return store.Booking{}, err
	}
	if b.SitterID != sitterID {
		return store.Booking{}, apperr.ErrForbidden
	}
	switch b.Status {
	case store.BookingAccepted:
		return b, nil
	case store.BookingRequested:
	default:
		return store.Booking{}, apperr.Conflict("booking is " + b.Status)
	}
	dep, err := s.Deposits.Get(ctx, b.ID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && dep.Status != store.DepositHeld) {
		return store.Booking{}, apperr.Conflict("deposit has not been authorised")
	}
	if err != nil {
		return store.Booking{}, err
	}

	var codeID, code *string
	if b.LockID != nil {
		ac, err := s.Locks.CreateAccessCode(ctx, lockbox.AccessCodeRequest{
			LockID:   *b.LockID,
			Name:     "Pawtrail " + b.ID.String()[:8],
			StartsAt: b.StartsAt.Add(-30 * time.Minute),
			EndsAt:   b.EndsAt.Add(30 * time.Minute),
		})
		if err != nil {
			return store.Booking{}, fmt.Errorf("accept: issue access code: %w", err)
		}
		codeID, code = &ac.ID, &ac.Code
	}

	captureAt := b.StartsAt.Add(-24 * time.Hour)
	if captureAt.Before(s.Now()) {
		captureAt = s.Now()
	}
	err = s.Tx.Do(ctx, func(ctx context.Context) error {
		ok, err := s.Bookings.Accept(ctx, b.ID, codeID, code)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict("booking is no longer open")
		}
		return jobs.Enqueue(ctx, s.Jobs, jobs.CaptureDepositArgs{BookingID: b.ID}, &river.InsertOpts{ScheduledAt: captureAt})
	})
	if err != nil {
		return store.Booking{}, err
	}
	return s.Get(ctx, b.ID)
}

type CancelResult struct {
	Booking      store.Booking `json:"booking"`
	RefundCents  int64         `json:"refund_cents"`
	RefundReason string        `json:"refund_reason"`
}

// Cancel is called by the owner. The refund itself is paid by the
// refund_deposit job.
func (s *Service) Cancel(ctx context.Context, ownerID, bookingID uuid.UUID, reason string) (CancelResult, error) {
	b, err := s.Get(ctx, bookingID)
	if err != nil {
		return CancelResult{}, err
	}
	if b.OwnerID != ownerID {
		return CancelResult{}, apperr.ErrForbidden
	}
	if b.Status == store.BookingCancelled {
		return CancelResult{}, apperr.Conflict("booking already cancelled")
	}
	if b.Status == store.BookingCompleted {
		return CancelResult{}, apperr.Conflict("booking already completed")
	}

	dep, err := s.Deposits.Get(ctx, b.ID)
	hasDeposit := err == nil && (dep.Status == store.DepositHeld || dep.Status == store.DepositCaptured)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return CancelResult{}, err
	}
	quote := s.policy.Quote(b, dep, s.Now())

	ok, err := s.Bookings.Cancel(ctx, b.ID, reason)
	if err != nil {
		return CancelResult{}, err
	}
	if !ok {
		return CancelResult{}, apperr.Conflict("booking can no longer be cancelled")
	}

	if hasDeposit && quote.Amount > 0 {
		err = s.Tx.Do(ctx, func(ctx context.Context) error {
			ref, err := s.Refunds.Create(ctx, b.ID, quote.Amount, quote.Reason)
			if err != nil {
				return err
			}
			return jobs.Enqueue(ctx, s.Jobs, jobs.RefundDepositArgs{RefundID: ref.ID}, nil)
		})
		if err != nil {
			return CancelResult{}, fmt.Errorf("cancel: queue refund: %w", err)
		}
	}

	if b.LockID != nil && b.AccessCodeID != nil {
		if err := s.Locks.DeleteAccessCode(ctx, *b.LockID, *b.AccessCodeID); err != nil {
			s.Logger.WarnContext(ctx, "revoke access code failed", "booking_id", b.ID, "err", err)
		}
	}

	b, err = s.Get(ctx, b.ID)
	if err != nil {
		return CancelResult{}, err
	}
	return CancelResult{Booking: b, RefundCents: quote.Amount, RefundReason: quote.Reason}, nil
}

// Complete marks a booking done and schedules the review prompt.
func (s *Service) Complete(ctx context.Context, sitterID, bookingID uuid.UUID) (store.Booking, error) {
	err := s.Tx.Do(ctx, func(ctx context.Context) error {
		ok, err := s.Bookings.Complete(ctx, bookingID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict("booking is not in progress")
		}
		return jobs.Enqueue(ctx, s.Jobs, jobs.ReviewPromptArgs{BookingID: bookingID},
			&river.InsertOpts{ScheduledAt: s.Now().Add(2 * time.Hour)})
	})
	if err != nil {
		return store.Booking{}, err
	}
	return s.Get(ctx, bookingID)
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperr.ErrNotFound
	}
	return err
}
