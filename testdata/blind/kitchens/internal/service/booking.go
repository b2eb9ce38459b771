package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/provider/payments"
	"github.com/hearthkit/commissary/internal/repository"
)

const (
	scopeBookingCreate = "booking.create"
	scopeBookingExtend = "booking.extend"

	maxBookingHours = 16
	minLeadTime     = 30 * time.Minute
)

// BookingConfig holds the tunables the booking service needs.
type BookingConfig struct {
	PlatformFeeBps    int64
	DamageClaimWindow time.Duration
}

type bookingService struct {
	store    repository.Store
	payments Payments
	queue    TaskQueue
	cfg      BookingConfig
	now      Clock
}

// NewBookingService builds the booking service.
func NewBookingService(store repository.Store, p Payments, q TaskQueue, cfg BookingConfig) BookingService {
	return &bookingService{store: store, payments: p, queue: q, cfg: cfg, now: SystemClock}
}

func (s *bookingService) Create(ctx context.Context, in CreateBookingInput) (*domain.Booking, error) {
	if err := validateCreate(in, s.now()); err != nil {
		return nil, err
	}
	kitchen, err := s.store.Kitchens().Get(ctx, in.KitchenID)
	if err != nil {
		return nil, fmt.Errorf("load kitchen: %w", err)
	}
	if !kitchen.Active {
		return nil, domain.Invalid("kitchen_id", "kitchen is not accepting bookings")
	}

	now := s.now()
	b := &domain.Booking{
		ID:              uuid.NewString(),
		KitchenID:       kitchen.ID,
		RenterID:        in.RenterID,
		RenterEmail:     strings.ToLower(in.RenterEmail),
		RenterName:      in.RenterName,
		StartsAt:        in.StartsAt.UTC(),
		EndsAt:          in.EndsAt.UTC(),
		Status:          domain.BookingPending,
		HourlyRateCents: kitchen.HourlyRateCents,
		Currency:        kitchen.Currency,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	b.TotalCents = b.Hours() * kitchen.HourlyRateCents

	var result *domain.Booking
	err = s.store.InTx(ctx, func(tx repository.Store) error {
		existing, claimed, err := tx.Idempotency().Claim(ctx, scopeBookingCreate, in.IdempotencyKey, b.ID)
		if err != nil {
			return err
		}
		if !claimed {
			result, err = tx.Bookings().Get(ctx, existing)
			return err
		}
		if err := tx.Bookings().Insert(ctx, b); err != nil {
			return err
		}
		dep := &domain.Deposit{
			ID:          uuid.NewString(),
			BookingID:   b.ID,
			AmountCents: kitchen.DepositCents,
			Currency:    kitchen.Currency,
			Status:      domain.DepositPending,
		}
		if err := tx.Deposits().Insert(ctx, dep); err != nil {
			return err
		}
		result = b
		return nil
	})
	if err != nil {
		return nil, err
	}

	// Replays fall through here too: if the first request committed but
	// failed to enqueue, the retry picks it up. The TaskID dedupes.
	if result.Status == domain.BookingPending {
		if err := s.queue.DepositAuthorize(ctx, result.ID); err != nil {
			return nil, err
		}
	}
	return result, nil
}

func validateCreate(in CreateBookingInput, now time.Time) error {
	switch {
	case in.IdempotencyKey == "":
		return domain.Invalid("Idempotency-Key", "header is required")
	case in.KitchenID == "":
		return domain.Invalid("kitchen_id", "required")
	case in.RenterID == "":
		return domain.Invalid("renter_id", "required")
	case !strings.Contains(in.RenterEmail, "@"):
		return domain.Invalid("renter_email", "invalid address")
	case !in.EndsAt.After(in.StartsAt):
		return domain.Invalid("ends_at", "must be after starts_at")
	case in.StartsAt.Before(now.Add(minLeadTime)):
		return domain.Invalid("starts_at", "must be at least 30 minutes from now")
	case in.EndsAt.Sub(in.StartsAt) > maxBookingHours*time.Hour:
		return domain.Invalid("ends_at", "bookings are limited to 16 hours")
	case in.StartsAt.Minute() != 0 && in.StartsAt.Minute() != 30:
		return domain.Invalid("starts_at", "must start on the hour or half hour")
	}
	return nil
}

func (s *bookingService) Cancel(ctx context.Context, bookingID, reason string) (*domain.Booking, error) {
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	if b.Status == domain.BookingCancelled {
		return nil, domain.ErrAlreadyCancelled
	}
	now := s.now()
	ok, err := s.store.Bookings().MarkCancelled(ctx, bookingID, reason, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: booking is %s", domain.ErrInvalidTransition, b.Status)
	}

	dep, err := s.store.Deposits().GetByBooking(ctx, bookingID)
	if err != nil {
		return nil, fmt.Errorf("load deposit: %w", err)
	}
	if dep.Status == domain.DepositHeld {
		rel := &domain.DepositRelease{
			ID:          uuid.NewString(),
			DepositID:   dep.ID,
			Reason:      "booking_cancelled",
			RequestedAt: now,
		}
		if err := s.store.Deposits().InsertRelease(ctx, rel); err != nil {
			return nil, err
		}
		if err := s.queue.DepositRelease(ctx, dep.ID); err != nil {
			return nil, err
		}
	}
	b.Status = domain.BookingCancelled
	b.CancelledAt = &now
	b.CancelReason = &reason
	return b, nil
}

func (s *bookingService) Checkout(ctx context.Context, bookingID string) (*domain.Booking, error) {
	now := s.now()
	ok, err := s.store.Bookings().MarkCheckedOut(ctx, bookingID, now)
	if err != nil {
		return nil, err
	}
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	if !ok && b.Status != domain.BookingCheckedOut {
		return nil, fmt.Errorf("%w: booking is %s", domain.ErrInvalidTransition, b.Status)
	}
	checkedOut := now
	if b.CheckedOutAt != nil {
		checkedOut = *b.CheckedOutAt
	}
	if err := s.queue.CleaningDispatch(ctx, b.ID); err != nil {
		return nil, err
	}
	if err := s.queue.BookingComplete(ctx, b.ID, checkedOut.Add(s.cfg.DamageClaimWindow)); err != nil {
		return nil, err
	}
	return b, nil
}

func (s *bookingService) Extend(ctx context.Context, in ExtendBookingInput) (*ExtendResult, error) {
	if in.IdempotencyKey == "" {
		return nil, domain.Invalid("Idempotency-Key", "header is required")
	}
	if in.Hours < 1 || in.Hours > 4 {
		return nil, domain.Invalid("hours", "must be between 1 and 4")
	}
	prior, err := s.store.Idempotency().Lookup(ctx, scopeBookingExtend, in.IdempotencyKey)
	if err != nil {
		return nil, err
	}
	if prior != nil && len(prior.Response) > 0 {
		var res ExtendResult
		if err := json.Unmarshal(prior.Response, &res); err != nil {
			return nil, fmt.Errorf("decode stored response: %w", err)
		}
		return &res, nil
	}

	b, err := s.store.Bookings().Get(ctx, in.BookingID)
	if err != nil {
		return nil, err
	}
	if b.Status != domain.BookingConfirmed && b.Status != domain.BookingInProgress {
		return nil, fmt.Errorf("%w: booking is %s", domain.ErrInvalidTransition, b.Status)
	}
	amount := int64(in.Hours) * b.HourlyRateCents
	charge, err := s.payments.Charge(ctx, payments.ChargeRequest{
		AmountCents:   amount,
		Currency:      b.Currency,
		CustomerID:    b.RenterID,
		PaymentMethod: in.PaymentMethod,
		Description:   fmt.Sprintf("Extension of booking %s by %dh", b.ID, in.Hours),
		Metadata:      map[string]string{"booking_id": b.ID, "kind": "extension"},
	}, payments.WithIdempotencyKey("extend:"+in.IdempotencyKey))
	if err != nil {
		return nil, fmt.Errorf("charge extension: %w", err)
	}

	res := ExtendResult{BookingID: b.ID, ChargeID: charge.ID, AmountCents: amount, Currency: b.Currency}
	err = s.store.InTx(ctx, func(tx repository.Store) error {
		end, err := tx.Bookings().ExtendEnd(ctx, b.ID, time.Duration(in.Hours)*time.Hour)
		if err != nil {
			return err
		}
		res.EndsAt = end
		return tx.Charges().Insert(ctx, &domain.BookingCharge{
			ID:               uuid.NewString(),
			BookingID:        b.ID,
			Kind:             "extension",
			AmountCents:      amount,
			Currency:         b.Currency,
			ProviderChargeID: charge.ID,
			Status:           charge.Status,
		})
	})
	if err != nil {
		return nil, err
	}

	body, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	if err := s.store.Idempotency().Save(ctx, scopeBookingExtend, in.IdempotencyKey, b.ID, body); err != nil {
		return nil, fmt.Errorf("store idempotent response: %w", err)
	}
	return &res, nil
}

// Complete closes a booking once the damage-claim window has passed and
// books the host's share of the rental as an earning.
func (s *bookingService) Complete(ctx context.Context, bookingID string) error {
	b, err := s.store.Bookings().Get(ctx, bookingID)
	if err != nil {
		return err
	}
	switch b.Status {
	case domain.BookingCancelled:
		return nil
	case domain.BookingCompleted:
		return s.releaseDeposit(ctx, b.ID)
	case domain.BookingCheckedOut:
	default:
		return fmt.Errorf("%w: cannot complete booking in status %s", domain.ErrInvalidTransition, b.Status)
	}
	kitchen, err := s.store.Kitchens().Get(ctx, b.KitchenID)
	if err != nil {
		return err
	}
	gross := b.TotalCents
	charges, err := s.store.Charges().ListForBooking(ctx, b.ID)
	if err != nil {
		return err
	}
	for _, c := range charges {
		if c.Kind == "extension" && c.Status == "succeeded" {
			gross += c.AmountCents
		}
	}
	fee := gross * s.cfg.PlatformFeeBps / 10_000
	earning := &domain.HostEarning{
		ID:          uuid.NewString(),
		BookingID:   b.ID,
		HostID:      kitchen.HostID,
		GrossCents:  gross,
		FeeCents:    fee,
		AmountCents: gross - fee,
		Currency:    b.Currency,
	}
	if err := s.store.Earnings().Insert(ctx, earning); err != nil {
		return fmt.Errorf("record earning: %w", err)
	}
	ok, err := s.store.Bookings().Transition(ctx, b.ID, []domain.BookingStatus{domain.BookingCheckedOut}, domain.BookingCompleted)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("booking changed status while completing")
	}
	return s.releaseDeposit(ctx, b.ID)
}

// releaseDeposit queues the release of whatever is left of the hold once
// no more damage claims can be filed.
func (s *bookingService) releaseDeposit(ctx context.Context, bookingID string) error {
	dep, err := s.store.Deposits().GetByBooking(ctx, bookingID)
	if err != nil {
		return err
	}
	if dep.Status != domain.DepositHeld {
		return nil
	}
	return s.queue.DepositRelease(ctx, dep.ID)
}
