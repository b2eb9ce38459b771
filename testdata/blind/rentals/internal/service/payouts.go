package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/gearloop/rentals/internal/domain"
	"github.com/gearloop/rentals/internal/ids"
	"github.com/gearloop/rentals/internal/payments"
	"github.com/gearloop/rentals/internal/store"
	"github.com/gearloop/rentals/internal/tasks"
)

// ErrPayoutsNotReady means the owner cannot receive transfers yet.
var ErrPayoutsNotReady = errors.New("owner payouts not enabled")

// Payouts pays owners through Stripe Connect.
type Payouts interface {
	CreateAccount(ctx context.Context, userID, country string) (string, error)
	Prepare(ctx context.Context, bookingID string) error
	Release(ctx context.Context, payoutID string) error
}

type payoutService struct {
	uow      store.UnitOfWork
	repos    store.Repos
	payments payments.Gateway
	tasks    tasks.Enqueuer
	clock    Clock
	log      *slog.Logger
}

// NewPayouts builds the payout service.
func NewPayouts(uow store.UnitOfWork, repos store.Repos, gw payments.Gateway, tq tasks.Enqueuer,
	clock Clock, log *slog.Logger) Payouts {
	return &payoutService{uow: uow, repos: repos, payments: gw, tasks: tq, clock: clock, log: log}
}

// CreateAccount gives an owner a Connect account, once.
func (s *payoutService) CreateAccount(ctx context.Context, userID, country string) (string, error) {
	u, err := s.repos.Users.Get(ctx, userID)
	if err != nil {
		return "", err
	}
	if u.StripeAccountID.Valid {
		return u.StripeAccountID.String, nil
	}
	acct, err := s.payments.CreateConnectAccount(ctx,
		payments.AccountRequest{UserID: u.ID, Email: u.Email, Country: country},
		payments.WithIdempotencyKey("connect-account-"+u.ID),
	)
	if err != nil {
		return "", err
	}
	set, err := s.repos.Users.SetStripeAccount(ctx, u.ID, acct)
	if err != nil {
		return "", err
	}
	if !set {
		u, err = s.repos.Users.Get(ctx, userID)
		if err != nil {
			return "", err
		}
		return u.StripeAccountID.String, nil
	}
	return acct, nil
}

// Prepare creates the payout for a completed booking and queues the
// transfer and the deposit release.
func (s *payoutService) Prepare(ctx context.Context, bookingID string) error {
	b, err := s.repos.Bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingCompleted {
		return nil
	}
	now := s.clock.Now()
	var p domain.Payout
	err = s.uow.Do(ctx, func(ctx context.Context, r store.Repos) error {
		p, err = r.Payouts.EnsureForBooking(ctx, domain.Payout{
			ID:          ids.Derive("payout", b.ID),
			BookingID:   b.ID,
			OwnerID:     b.OwnerID,
			AmountCents: domain.OwnerShare(b),
			Currency:    b.Currency,
			Status:      domain.PayoutPending,
			CreatedAt:   now,
			UpdatedAt:   now,
		})
		return err
	})
	if err != nil {
		return err
	}
	dep, err := s.repos.Deposits.GetByBooking(ctx, b.ID)
	switch {
	case err == nil && dep.Status == domain.DepositAuthorized:
		if err := s.tasks.DepositRelease(ctx, dep.ID); err != nil {
			return err
		}
	case err != nil && !errors.Is(err, domain.ErrNotFound):
		return err
	}
	if p.Status == domain.PayoutPaid {
		return nil
	}
	return s.tasks.PayoutRelease(ctx, p.ID)
}

// Release transfers the owner's share to their Connect account.
func (s *payoutService) Release(ctx context.Context, payoutID string) error {
	p, err := s.repos.Payouts.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status == domain.PayoutPaid {
		return nil
	}
	owner, err := s.repos.Users.Get(ctx, p.OwnerID)
	if err != nil {
		return err
	}
	if !owner.StripeAccountID.Valid || !owner.PayoutsEnabled {
		return fmt.Errorf("payout %s: %w", p.ID, ErrPayoutsNotReady)
	}
	if p.Status == domain.PayoutPending {
		if _, err := s.repos.Payouts.SetStatus(ctx, p.ID, domain.PayoutPending, domain.PayoutProcessing); err != nil {
			return err
		}
	}

	transferID, err := s.payments.Transfer(ctx, payments.TransferRequest{
		DestinationAccount: owner.StripeAccountID.String,
		AmountCents:        p.AmountCents,
		Currency:           p.Currency,
		TransferGroup:      "booking_" + p.BookingID,
		Description:        "GearLoop payout " + p.ID,
	}, payments.WithMetadata("payout_id", p.ID), payments.WithMetadata("booking_id", p.BookingID))
	if err != nil {
		return err
	}
	if err := s.repos.Payouts.MarkPaid(ctx, p.ID, transferID); err != nil {
		return fmt.Errorf("mark payout %s paid (transfer %s): %w", p.ID, transferID, err)
	}
	s.log.InfoContext(ctx, "payout sent", "payout_id", p.ID, "transfer_id", transferID)
	return nil
}
