package service

import (
	"context"
	"fmt"
	"time"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/provider/paystream"
	"github.com/encorelane/resale/internal/repository"
)

// PayoutService releases escrow once an event has happened and pays each
// seller's proceeds out to their bank account.
type PayoutService interface {
	ReleaseForEvent(ctx context.Context, msg domain.EventCompleted) error
	PayOrder(ctx context.Context, orderID string) error
}

type PayoutOptions struct {
	// HoldAfterEvent delays payouts so buyers can report entry problems.
	HoldAfterEvent time.Duration
}

type payoutService struct {
	uow       repository.UnitOfWork
	events    repository.EventRepository
	orders    repository.OrderRepository
	escrow    repository.EscrowRepository
	balances  repository.BalanceRepository
	payouts   repository.PayoutRepository
	users     repository.UserRepository
	paystream paystream.Client
	jobs      jobs.Enqueuer
	opts      PayoutOptions
}

func NewPayoutService(
	uow repository.UnitOfWork,
	repos repository.Repos,
	ps paystream.Client,
	enq jobs.Enqueuer,
	opts PayoutOptions,
) PayoutService {
	return &payoutService{
		uow:       uow,
		events:    repos.Events,
		orders:    repos.Orders,
		escrow:    repos.Escrow,
		balances:  repos.Balances,
		payouts:   repos.Payouts,
		users:     repos.Users,
		paystream: ps,
		jobs:      enq,
		opts:      opts,
	}
}

func (s *payoutService) ReleaseForEvent(ctx context.Context, msg domain.EventCompleted) error {
	ev, err := s.events.GetByPromoterID(ctx, msg.EventID)
	if err != nil {
		return err
	}
	holds, err := s.escrow.HeldForEvent(ctx, ev.ID)
	if err != nil {
		return err
	}
	perSeller := make(map[string]int64)
	for _, h := range holds {
		perSeller[h.SellerID] += h.AmountCents
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		if _, err := r.Events.MarkCompleted(ctx, ev.ID, msg.EndedAt); err != nil {
			return err
		}
		if err := r.Escrow.ReleaseForEvent(ctx, ev.ID); err != nil {
			return err
		}
		for sellerID, cents := range perSeller {
			if err := r.Balances.MakeAvailable(ctx, sellerID, cents); err != nil {
				return err
			}
			if err := r.Ledger.Append(ctx, sellerID, nil, "escrow_released", cents); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}

	for _, h := range holds {
		err := s.jobs.Enqueue(ctx, jobs.TypePayoutSeller, jobs.PayoutSellerPayload{OrderID: h.OrderID}, jobs.Options{
			TaskID: ids.Derived(jobs.TypePayoutSeller, h.OrderID),
			Delay:  s.opts.HoldAfterEvent,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *payoutService) PayOrder(ctx context.Context, orderID string) error {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if order.Status != domain.OrderDelivered {
		return nil // disputed or refunded since the event
	}
	hold, err := s.escrow.GetByOrder(ctx, order.ID)
	if err != nil {
		return err
	}
	seller, err := s.users.Get(ctx, hold.SellerID)
	if err != nil {
		return err
	}
	if seller.PaystreamAccount == "" {
		return fmt.Errorf("%w: seller %s has no payout account", domain.ErrInvalid, seller.ID)
	}

	// The payout row exists before money moves; its id is the Paystream
	// reference, so a rerun after a crash finds the same payout.
	p, err := s.payouts.Claim(ctx, &domain.Payout{
		ID:          ids.Prefixed("pay"),
		OrderID:     order.ID,
		SellerID:    seller.ID,
		AmountCents: hold.AmountCents,
		Currency:    order.Currency,
	})
	if err != nil {
		return err
	}
	if p.Status == "paid" {
		return nil
	}

	res, err := s.paystream.CreatePayout(ctx, paystream.PayoutRequest{
		Reference:   p.ID,
		AccountID:   seller.PaystreamAccount,
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Memo:        "EncoreLane sale " + order.ID,
	})
	if err != nil {
		return err
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		paid, err := r.Payouts.MarkPaid(ctx, p.ID, res.ID)
		if err != nil || !paid {
			return err
		}
		return r.Ledger.Append(ctx, p.SellerID, &p.OrderID, "payout", -p.AmountCents)
	})
	if err != nil {
		return err
	}
	if _, err := s.balances.Debit(ctx, p.SellerID, p.AmountCents); err != nil {
		return fmt.Errorf("debit seller balance after payout %s: %w", p.ID, err)
	}
	return nil
}
