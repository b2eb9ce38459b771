package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/provider/payments"
	"github.com/hearthkit/commissary/internal/repository"
)

// requeueAfter is how old a pending payout must be before the scheduler
// assumes its task was lost and enqueues it again.
const requeueAfter = 15 * time.Minute

type payoutService struct {
	store    repository.Store
	payments Payments
	queue    TaskQueue
	now      Clock
}

// NewPayoutService builds the host payout service.
func NewPayoutService(store repository.Store, p Payments, q TaskQueue) PayoutService {
	return &payoutService{store: store, payments: p, queue: q, now: SystemClock}
}

func (s *payoutService) SetPayoutAccount(ctx context.Context, hostID, bankToken, last4 string) (*domain.PayoutAccount, error) {
	if bankToken == "" {
		return nil, domain.Invalid("bank_token", "required")
	}
	if len(last4) != 4 {
		return nil, domain.Invalid("last4", "must be 4 digits")
	}
	if _, err := s.store.Kitchens().GetHost(ctx, hostID); err != nil {
		return nil, err
	}
	return s.store.PayoutAccounts().Upsert(ctx, &domain.PayoutAccount{
		ID:        uuid.NewString(),
		HostID:    hostID,
		BankToken: bankToken,
		Last4:     last4,
	})
}

// SchedulePeriod creates one payout per host for the earnings accrued
// before periodEnd and queues them. It returns how many were created.
func (s *payoutService) SchedulePeriod(ctx context.Context, periodStart, periodEnd time.Time) (int, error) {
	stale, err := s.store.Payouts().ListOpen(ctx, requeueAfter)
	if err != nil {
		return 0, err
	}
	for _, p := range stale {
		if err := s.queue.PayoutHost(ctx, p.ID); err != nil {
			return 0, err
		}
	}

	sums, err := s.store.Earnings().UnpaidByHost(ctx, periodEnd)
	if err != nil {
		return 0, err
	}
	created := 0
	for _, sum := range sums {
		p := &domain.Payout{
			ID:          uuid.NewString(),
			HostID:      sum.HostID,
			PeriodStart: periodStart,
			PeriodEnd:   periodEnd,
			AmountCents: sum.AmountCents,
			Currency:    sum.Currency,
			Status:      domain.PayoutPending,
		}
		ok, err := s.store.Payouts().Create(ctx, p)
		if err != nil {
			return created, fmt.Errorf("create payout for host %s: %w", sum.HostID, err)
		}
		if !ok {
			continue
		}
		n, err := s.store.Earnings().AssignPayout(ctx, sum.EarningIDs, p.ID)
		if err != nil {
			return created, fmt.Errorf("assign earnings to payout %s: %w", p.ID, err)
		}
		if int(n) != len(sum.EarningIDs) {
			return created, fmt.Errorf("payout %s: assigned %d of %d earnings", p.ID, n, len(sum.EarningIDs))
		}
		if err := s.queue.PayoutHost(ctx, p.ID); err != nil {
			return created, err
		}
		created++
	}
	return created, nil
}

// PayHost submits one payout to Paylane.
func (s *payoutService) PayHost(ctx context.Context, payoutID string) error {
	p, err := s.store.Payouts().Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != domain.PayoutPending {
		return nil
	}
	acct, err := s.store.PayoutAccounts().GetByHost(ctx, p.HostID)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("%w: %s", domain.ErrNoPayoutAccount, p.HostID)
	}
	if err != nil {
		return err
	}
	res, err := s.payments.CreatePayout(ctx, payments.PayoutRequest{
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Destination: acct.BankToken,
		Statement:   "HEARTHKIT " + p.PeriodStart.Format("0102"),
		Metadata: map[string]string{
			"payout_id":    p.ID,
			"host_id":      p.HostID,
			"period_start": p.PeriodStart.Format(time.DateOnly),
		},
	})
	if err != nil {
		return fmt.Errorf("create payout: %w", err)
	}
	if _, err := s.store.Payouts().MarkSubmitted(ctx, p.ID, res.ID); err != nil {
		return fmt.Errorf("record payout %s: %w", res.ID, err)
	}
	return nil
}
