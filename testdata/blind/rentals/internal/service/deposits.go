package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/stripe/stripe-go/v82"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/payments"
	"github.com/gearloop/rentals/internal/store"
)

// CaptureInput asks to capture part of a deposit for a resolved claim.
type CaptureInput struct {
	ClaimID     string `json:"claim_id"`
	AmountCents int64  `json:"amount_cents"`
}

// Deposits authorises, captures and releases security deposits.
type Deposits interface {
	Authorize(ctx context.Context, bookingID string) error
	Capture(ctx context.Context, ownerID, depositID string, in CaptureInput) (domain.DepositCapture, error)
	Release(ctx context.Context, depositID string) error
}

type depositService struct {
	uow      store.UnitOfWork
	repos    store.Repos
	payments payments.Gateway
	clock    Clock
	log      *slog.Logger
}

// NewDeposits builds the deposit service.
func NewDeposits(uow store.UnitOfWork, repos store.Repos, gw payments.Gateway, clock Clock, log *slog.Logger) Deposits {
	return &depositService{uow: uow, repos: repos, payments: gw, clock: clock, log: log}
}

// Authorize places the hold on the renter's card. The deposit row was
// written when the booking was confirmed; its ID keys the Stripe call.
func (s *depositService) Authorize(ctx context.Context, bookingID string) error {
	b, err := s.repos.Bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingConfirmed {
		return nil
	}
	dep, err := s.repos.Deposits.GetByBooking(ctx, b.ID)
	if err != nil {
		return err
	}
	if dep.Status != domain.DepositPending {
		return nil
	}
	renter, err := s.repos.Users.Get(ctx, b.RenterID)
	if err != nil {
		return err
	}
	if !renter.StripeCustomerID.Valid {
		return fmt.Errorf("renter %s has no stripe customer", renter.ID)
	}

	auth, err := s.payments.AuthorizeDeposit(ctx, payments.AuthorizeRequest{
		BookingID:      b.ID,
		CustomerID:     renter.StripeCustomerID.String,
		PaymentMethod:  b.PaymentMethodID,
		AmountCents:    dep.AmountCents,
		Currency:       dep.Currency,
		IdempotencyKey: "deposit-auth-" + dep.ID,
	})
	if err != nil {
		return err
	}
	if auth.Status != string(stripe.PaymentIntentStatusRequiresCapture) {
		s.log.WarnContext(ctx, "deposit not authorised", "booking_id", b.ID, "status", auth.Status)
		_, err = s.repos.Deposits.SetStatus(ctx, dep.ID, domain.DepositPending, domain.DepositFailed)
		return err
	}
	_, err = s.repos.Deposits.MarkAuthorized(ctx, dep.ID, auth.PaymentIntentID)
	return err
}

// Capture takes part of the deposit for a resolved claim. The capture row
// is claimed first and its ID is the Stripe idempotency key; the ledger
// line is written only by the call that completes the capture row.
func (s *depositService) Capture(ctx context.Context, ownerID, depositID string, in CaptureInput) (domain.DepositCapture, error) {
	dep, err := s.repos.Deposits.Get(ctx, depositID)
	if err != nil {
		return domain.DepositCapture{}, err
	}
	claim, err := s.repos.Claims.Get(ctx, in.ClaimID)
	if err != nil {
		return domain.DepositCapture{}, err
	}
	if claim.BookingID != dep.BookingID || claim.FiledBy != ownerID {
		return domain.DepositCapture{}, domain.ErrForbidden
	}
	if claim.Status != domain.ClaimResolved || in.AmountCents <= 0 || in.AmountCents > claim.AwardedCents {
		return domain.DepositCapture{}, fmt.Errorf("%w: claim does not award %d", domain.ErrInvalidState, in.AmountCents)
	}
	if !dep.PaymentIntentID.Valid || (dep.Status != domain.DepositAuthorized && dep.Status != domain.DepositCaptured) {
		return domain.DepositCapture{}, fmt.Errorf("%w: deposit is %s", domain.ErrInvalidState, dep.Status)
	}

	var capture domain.DepositCapture
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		capture, err = r.Deposits.ClaimCapture(ctx, domain.DepositCapture{
			ID:          ids.NewUUID(),
			DepositID:   dep.ID,
			ClaimID:     claim.ID,
			AmountCents: in.AmountCents,
			Status:      "pending",
			CreatedAt:   s.clock.Now(),
		})
		return err
	})
	if err != nil {
		return domain.DepositCapture{}, err
	}
	if capture.Status == "succeeded" {
		return capture, nil
	}

	ref, err := s.payments.CaptureDeposit(ctx, payments.CaptureRequest{
		PaymentIntentID: dep.PaymentIntentID.String,
		AmountCents:     capture.AmountCents,
		Final:           true,
		IdempotencyKey:  "deposit-capture-" + capture.ID,
	})
	if err != nil {
		return domain.DepositCapture{}, err
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		done, err := r.Deposits.CompleteCapture(ctx, capture.ID, ref)
		if err != nil || !done {
			return err
		}
		if err := r.Deposits.AddCaptured(ctx, dep.ID, capture.AmountCents); err != nil {
			return err
		}
		return r.Ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.Derive("ledger", "deposit-capture", capture.ID),
			BookingID:   dep.BookingID,
			Account:     "owner:" + ownerID,
			Kind:        "deposit_capture",
			AmountCents: capture.AmountCents,
			Currency:    dep.Currency,
			Reference:   ref,
			CreatedAt:   s.clock.Now(),
		})
	})
	if err != nil {
		return domain.DepositCapture{}, err
	}
	capture.Status = "succeeded"
	capture.StripeRef = nullString(ref)
	return capture, nil
}

// Release drops the hold on the renter's card once the rental ended
// without an open claim.
func (s *depositService) Release(ctx context.Context, depositID string) error {
	dep, err := s.repos.Deposits.Get(ctx, depositID)
	if err != nil {
		return err
	}
	if dep.Status != domain.DepositAuthorized || !dep.PaymentIntentID.Valid {
		return nil
	}
	claim, err := s.repos.Claims.GetByBooking(ctx, dep.BookingID)
	if err == nil && (claim.Status == domain.ClaimOpen || claim.Status == domain.ClaimUnderReview) {
		s.log.InfoContext(ctx, "deposit kept for open claim", "deposit_id", dep.ID, "claim_id", claim.ID)
		return nil
	}
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	if err := s.payments.ReleaseDeposit(ctx, dep.PaymentIntentID.String, "deposit-release-"+dep.ID); err != nil {
		return err
	}
	_, err = s.repos.Deposits.SetStatus(ctx, dep.ID, domain.DepositAuthorized, domain.DepositReleased)
	return err
}
