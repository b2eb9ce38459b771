// Package payouts moves held funds to charities' bank accounts.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/outbox"
	"github.com/kindredgive/donations/internal/platform/database"
	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/platform/reqctx"
	"github.com/kindredgive/donations/internal/providers/bank"
	"github.com/kindredgive/donations/internal/repository"
)

// ManualInput is a finance-team payout request.
type ManualInput struct {
	Reference   string
	AmountPence int64
}

// Service is the payout API.
type Service interface {
	RequestManual(ctx context.Context, charityID string, in ManualInput) (*domain.Payout, error)
	Execute(ctx context.Context, payoutID string) error
	Sweep(ctx context.Context, tick time.Time, minPence int64) (int, error)
}

type service struct {
	tx        repository.Transactor
	payouts   repository.PayoutRepo
	charities repository.CharityRepo
	ledger    repository.LedgerRepo
	outbox    outbox.Writer
	bank      bank.Client
	log       *zap.Logger
}

// New builds the payout service.
func New(tx repository.Transactor, payouts repository.PayoutRepo, charities repository.CharityRepo,
	ledger repository.LedgerRepo, ob outbox.Writer, bc bank.Client, log *zap.Logger) Service {
	return &service{tx: tx, payouts: payouts, charities: charities, ledger: ledger, outbox: ob, bank: bc, log: log.Named("payouts")}
}

// RequestManual reserves funds and queues a payout under the caller's
// reference; the (charity, reference) pair identifies the payout.
func (s *service) RequestManual(ctx context.Context, charityID string, in ManualInput) (*domain.Payout, error) {
	if _, err := s.charities.Get(ctx, charityID); err != nil {
		if database.IsNoRows(err) {
			return nil, httpx.ErrNotFound
		}
		return nil, err
	}
	if err := s.ledger.Reserve(ctx, charityID, in.AmountPence); err != nil {
		if errors.Is(err, repository.ErrInsufficientFunds) {
			return nil, fmt.Errorf("%w: %v", httpx.ErrConflict, err)
		}
		return nil, err
	}

	p := &domain.Payout{
		ID:          idgen.UUID(),
		CharityID:   charityID,
		Reference:   in.Reference,
		AmountPence: in.AmountPence,
		Status:      domain.PayoutRequested,
		RequestedBy: reqctx.Actor(ctx),
	}
	err := s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		payouts := s.payouts.WithTx(tx)
		inserted, err := payouts.InsertIfAbsent(ctx, p)
		if err != nil {
			return err
		}
		if !inserted {
			p, err = payouts.GetByReference(ctx, charityID, in.Reference)
			return err
		}
		return s.outbox.Add(ctx, tx, idgen.Derive("payout", p.ID), domain.RKPayoutRequested,
			domain.PayoutRequestedEvent{PayoutID: p.ID})
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Execute sends a requested payout to the bank.
func (s *service) Execute(ctx context.Context, payoutID string) error {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return fmt.Errorf("load payout: %w", err)
	}
	if p.Status != domain.PayoutRequested {
		return nil
	}
	charity, err := s.charities.Get(ctx, p.CharityID)
	if err != nil {
		return err
	}
	res, err := s.bank.Transfer(ctx, bank.TransferRequest{
		Beneficiary: bank.Beneficiary{
			Name:          charity.BankAccountName,
			SortCode:      charity.SortCode,
			AccountNumber: charity.AccountNumber,
		},
		AmountPence: p.AmountPence,
		Reference:   p.Reference,
	})
	if err != nil {
		return fmt.Errorf("bank transfer for payout %s: %w", p.ID, err)
	}
	return s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.payouts.WithTx(tx).MarkSent(ctx, p.ID, res.PaymentID, time.Now().UTC()); err != nil {
			return err
		}
		return s.ledger.WithTx(tx).SettleReserved(ctx, p.CharityID, p.AmountPence)
	})
}

// Sweep queues the monthly automatic payout for every charity holding at
// least minPence. The payout reference is derived from the month, so
// running the sweep again for the same tick finds the payouts it made.
func (s *service) Sweep(ctx context.Context, tick time.Time, minPence int64) (int, error) {
	balances, err := s.charities.ListWithBalanceOver(ctx, minPence)
	if err != nil {
		return 0, err
	}
	period := idgen.Period(tick)
	queued := 0
	for _, b := range balances {
		p := &domain.Payout{
			ID:          idgen.UUID(),
			CharityID:   b.CharityID,
			Reference:   "KG AUTO " + period,
			Period:      &period,
			AmountPence: b.AvailablePence,
			Status:      domain.PayoutRequested,
			RequestedBy: "sweep",
		}
		err := s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			inserted, err := s.payouts.WithTx(tx).InsertIfAbsent(ctx, p)
			if err != nil || !inserted {
				return err
			}
			if err := s.ledger.WithTx(tx).Reserve(ctx, b.CharityID, b.AvailablePence); err != nil {
				return err
			}
			queued++
			return s.outbox.Add(ctx, tx, idgen.Derive("payout", p.ID), domain.RKPayoutRequested,
				domain.PayoutRequestedEvent{PayoutID: p.ID})
		})
		if err != nil {
			s.log.Error("sweep payout", zap.String("charity_id", b.CharityID), zap.Error(err))
			continue
		}
	}
	return queued, nil
}
