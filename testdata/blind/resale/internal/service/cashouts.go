package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/provider/cardpush"
	"github.com/encorelane/resale/internal/repository"
)

// CashoutService lets sellers pull their available balance to a debit card
// instead of waiting for the bank payout.
type CashoutService interface {
	Request(ctx context.Context, sellerID string, amountCents int64) (*domain.Cashout, error)
}

type cashoutService struct {
	uow      repository.UnitOfWork
	users    repository.UserRepository
	balances repository.BalanceRepository
	cashouts repository.CashoutRepository
	cards    cardpush.Client
	minCents int64
}

func NewCashoutService(uow repository.UnitOfWork, users repository.UserRepository, balances repository.BalanceRepository,
	cashouts repository.CashoutRepository, cards cardpush.Client) CashoutService {
	return &cashoutService{uow: uow, users: users, balances: balances, cashouts: cashouts, cards: cards, minCents: 1000}
}

func (s *cashoutService) Request(ctx context.Context, sellerID string, amountCents int64) (*domain.Cashout, error) {
	if amountCents < s.minCents {
		return nil, fmt.Errorf("%w: minimum cash-out is %d cents", domain.ErrInvalid, s.minCents)
	}
	seller, err := s.users.Get(ctx, sellerID)
	if err != nil {
		return nil, err
	}
	if seller.DebitCardToken == "" {
		return nil, fmt.Errorf("%w: no debit card on file", domain.ErrInvalid)
	}
	bal, err := s.balances.Get(ctx, sellerID)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && bal.AvailableCents < amountCents) {
		return nil, domain.ErrInsufficientFunds
	}
	if err != nil {
		return nil, err
	}

	push, err := s.cards.Push(ctx, cardpush.PushRequest{
		CardToken:   seller.DebitCardToken,
		AmountCents: amountCents,
		Currency:    "USD",
		Descriptor:  "ENCORELANE CASHOUT",
	})
	if err != nil {
		return nil, err
	}

	c := &domain.Cashout{
		ID:          ids.Prefixed("cso"),
		SellerID:    sellerID,
		AmountCents: amountCents,
		Currency:    "USD",
		ProviderRef: push.TraceID,
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r repository.Repos) error {
		ok, err := r.Balances.Debit(ctx, sellerID, amountCents)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrInsufficientFunds
		}
		if err := r.Cashouts.Create(ctx, c); err != nil {
			return err
		}
		return r.Ledger.Append(ctx, sellerID, nil, "cashout", -amountCents)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}
