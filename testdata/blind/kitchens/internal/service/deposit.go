package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/provider/payments"
	"github.com/hearthkit/commissary/internal/provider/retry"
	"github.com/hearthkit/commissary/internal/repository"
)

type depositService struct {
	store       repository.Store
	payments    Payments
	queue       TaskQueue
	claimWindow time.Duration
	reminderLag time.Duration
	now         Clock
}

// DepositConfig holds deposit tunables.
type DepositConfig struct {
	DamageClaimWindow time.Duration
	ReminderLeadTime  time.Duration
}

// NewDepositService builds the deposit and damage-claim service.
func NewDepositService(store repository.Store, p Payments, q TaskQueue, cfg DepositConfig) DepositService {
	return &depositService{
		store:       store,
		payments:    p,
		queue:       q,
		claimWindow: cfg.DamageClaimWindow,
		reminderLag: cfg.ReminderLeadTime,
		now:         SystemClock,
	}
}

// Authorize places the deposit hold for a new booking and confirms it.
func (s *depositService) Authorize(ctx context.Context, bookingID string) error {
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return err
	}
	dep, err := s.store.Deposits().GetByBooking(ctx, bookingID)
	if err != nil {
		return err
	}
	switch {
	case dep.Status == domain.DepositPending && b.Status == domain.BookingCancelled:
		_, err := s.store.Deposits().MarkFailed(ctx, dep.ID)
		return err
	case dep.Status == domain.DepositPending:
		held, err := s.hold(ctx, b, dep)
		if err != nil || !held {
			return err
		}
	case dep.Status != domain.DepositHeld:
		return nil
	}

	// Held: make sure the follow-up emails are queued. A retry after a
	// failed enqueue lands here with the deposit already held.
	if err := s.queue.BookingConfirmation(ctx, b.ID); err != nil {
		return err
	}
	remindAt := b.StartsAt.Add(-s.reminderLag)
	if remindAt.After(s.now()) {
		return s.queue.BookingReminder(ctx, b.ID, remindAt)
	}
	return nil
}

// hold authorizes the deposit and reports whether the hold was placed.
func (s *depositService) hold(ctx context.Context, b *domain.Booking, dep *domain.Deposit) (bool, error) {
	auth, err := s.payments.Authorize(ctx, payments.AuthorizeRequest{
		AmountCents: dep.AmountCents,
		Currency:    dep.Currency,
		CustomerID:  b.RenterID,
		Description: "Security deposit for kitchen booking " + b.ID,
		Metadata:    map[string]string{"booking_id": b.ID, "deposit_id": dep.ID},
	}, payments.WithIdempotencyKey("deposit-auth:"+dep.ID))
	if err != nil {
		var se *retry.StatusError
		if errors.As(err, &se) && se.Status == 402 {
			// Card declined: release the slot.
			return false, s.store.InTx(ctx, func(tx repository.Store) error {
				if _, err := tx.Deposits().MarkFailed(ctx, dep.ID); err != nil {
					return err
				}
				_, err := tx.Bookings().Transition(ctx, b.ID, []domain.BookingStatus{domain.BookingPending}, domain.BookingCancelled)
				return err
			})
		}
		return false, fmt.Errorf("authorize deposit: %w", err)
	}
	return true, s.store.InTx(ctx, func(tx repository.Store) error {
		if _, err := tx.Deposits().MarkHeld(ctx, dep.ID, auth.ID); err != nil {
			return err
		}
		_, err := tx.Bookings().Transition(ctx, b.ID, []domain.BookingStatus{domain.BookingPending}, domain.BookingConfirmed)
		return err
	})
}

// RequestRelease is called by a host who waives any damage claim.
func (s *depositService) RequestRelease(ctx context.Context, depositID, reason string) (*domain.Deposit, error) {
	if reason == "" {
		reason = "host_waived"
	}
	now := s.now()
	err := s.store.InTx(ctx, func(tx repository.Store) error {
		ok, err := tx.Deposits().MarkReleaseRequested(ctx, depositID, now)
		if err != nil || !ok {
			return err
		}
		return tx.Deposits().InsertRelease(ctx, &domain.DepositRelease{
			ID:          uuid.NewString(),
			DepositID:   depositID,
			Reason:      reason,
			RequestedAt: now,
		})
	})
	if err != nil {
		return nil, err
	}
	dep, err := s.store.Deposits().Get(ctx, depositID)
	if err != nil {
		return nil, err
	}
	if dep.Status != domain.DepositHeld {
		return dep, nil
	}
	if err := s.queue.DepositRelease(ctx, depositID); err != nil {
		return nil, err
	}
	return dep, nil
}

// Release voids the remaining hold on a deposit.
func (s *depositService) Release(ctx context.Context, depositID string) error {
	dep, err := s.store.Deposits().Get(ctx, depositID)
	if err != nil {
		return err
	}
	if dep.Status != domain.DepositHeld || dep.ProviderAuthID == nil {
		return nil
	}
	if _, err := s.payments.Void(ctx, *dep.ProviderAuthID, payments.WithIdempotencyKey("deposit-void:"+dep.ID)); err != nil {
		return fmt.Errorf("void deposit: %w", err)
	}
	return s.store.InTx(ctx, func(tx repository.Store) error {
		ok, err := tx.Deposits().MarkReleased(ctx, dep.ID, s.now())
		if err != nil || !ok {
			return err
		}
		return tx.Ledger().Insert(ctx, &domain.LedgerEntry{
			ID:          uuid.NewString(),
			BookingID:   dep.BookingID,
			Kind:        "deposit_released",
			AmountCents: dep.AmountCents - dep.CapturedCents,
			Currency:    dep.Currency,
			ProviderRef: *dep.ProviderAuthID,
		})
	})
}

// FileDamageClaim records a host's claim against the deposit and queues
// the capture.
func (s *depositService) FileDamageClaim(ctx context.Context, in DamageClaimInput) (*domain.DamageClaim, error) {
	if in.IdempotencyKey == "" {
		return nil, domain.Invalid("Idempotency-Key", "header is required")
	}
	if in.AmountCents <= 0 {
		return nil, domain.Invalid("amount_cents", "must be positive")
	}
	b, err := s.store.Bookings().Get(ctx, in.BookingID)
	if err != nil {
		return nil, err
	}
	kitchen, err := s.store.Kitchens().Get(ctx, b.KitchenID)
	if err != nil {
		return nil, err
	}
	if kitchen.HostID != in.HostID {
		return nil, domain.ErrNotFound
	}
	if b.Status != domain.BookingCheckedOut || b.CheckedOutAt == nil {
		return nil, fmt.Errorf("%w: claims can only be filed after checkout", domain.ErrInvalidTransition)
	}
	if s.now().After(b.CheckedOutAt.Add(s.claimWindow)) {
		return nil, domain.ErrClaimWindowClosed
	}
	dep, err := s.store.Deposits().GetByBooking(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	if dep.Status != domain.DepositHeld {
		return nil, fmt.Errorf("%w: deposit is %s", domain.ErrInvalidTransition, dep.Status)
	}

	var claim *domain.DamageClaim
	newID := uuid.NewString()
	err = s.store.InTx(ctx, func(tx repository.Store) error {
		open, err := tx.DamageClaims().SumOpenForDeposit(ctx, dep.ID)
		if err != nil {
			return err
		}
		claim, err = tx.DamageClaims().Create(ctx, &domain.DamageClaim{
			ID:          newID,
			BookingID:   b.ID,
			DepositID:   dep.ID,
			RequestKey:  in.IdempotencyKey,
			AmountCents: in.AmountCents,
			Description: in.Description,
			Status:      domain.ClaimFiled,
		})
		if err != nil {
			return err
		}
		if claim.ID != newID {
			// Same Idempotency-Key as an earlier request: return that claim.
			return nil
		}
		if open+in.AmountCents > dep.AmountCents {
			return domain.Invalid("amount_cents", "claims exceed the deposit")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if claim.Status == domain.ClaimFiled {
		if err := s.queue.DamageCapture(ctx, claim.ID); err != nil {
			return nil, err
		}
	}
	return claim, nil
}

// CaptureDamage captures a filed claim's amount from the deposit hold.
func (s *depositService) CaptureDamage(ctx context.Context, claimID string) error {
	claim, err := s.store.DamageClaims().Get(ctx, claimID)
	if err != nil {
		return err
	}
	if claim.Status != domain.ClaimFiled {
		return nil
	}
	dep, err := s.store.Deposits().Get(ctx, claim.DepositID)
	if err != nil {
		return err
	}
	if dep.ProviderAuthID == nil || dep.Status != domain.DepositHeld {
		return fmt.Errorf("%w: deposit %s is %s", domain.ErrInvalidTransition, dep.ID, dep.Status)
	}

	// Paylane requires an idempotency key on captures.
	idemKey := uuid.NewString()
	capture, err := s.payments.Capture(ctx, *dep.ProviderAuthID, payments.CaptureRequest{
		AmountCents: claim.AmountCents,
		Reason:      "damage_claim",
		Metadata:    map[string]string{"claim_id": claim.ID, "booking_id": claim.BookingID},
	}, payments.WithIdempotencyKey(idemKey))
	if err != nil {
		return fmt.Errorf("capture damage claim: %w", err)
	}

	return s.store.InTx(ctx, func(tx repository.Store) error {
		ok, err := tx.DamageClaims().MarkCaptured(ctx, claim.ID, capture.ID)
		if err != nil || !ok {
			return err
		}
		if err := tx.Deposits().AddCaptured(ctx, dep.ID, capture.AmountCents); err != nil {
			return err
		}
		return tx.Ledger().Insert(ctx, &domain.LedgerEntry{
			ID:          uuid.NewString(),
			BookingID:   claim.BookingID,
			Kind:        "damage_capture",
			AmountCents: capture.AmountCents,
			Currency:    dep.Currency,
			ProviderRef: capture.ID,
		})
	})
}
