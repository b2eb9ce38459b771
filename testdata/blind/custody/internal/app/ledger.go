package app

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/ports"
)

// LedgerService posts balance movements together with their journals.
type LedgerService struct {
	uow ports.UnitOfWork
	log *slog.Logger
}

func NewLedgerService(uow ports.UnitOfWork, log *slog.Logger) *LedgerService {
	return &LedgerService{uow: uow, log: log.With("svc", "ledger")}
}

type Credit struct {
	WalletID uuid.UUID
	Asset    string
	Amount   decimal.Decimal
	Source   string
	Kind     string
	Memo     string
}

// Credit adds funds to a customer wallet from a system account.
func (s *LedgerService) Credit(ctx context.Context, c Credit) error {
	if !c.Amount.IsPositive() {
		return fmt.Errorf("credit: non-positive amount %s", c.Amount)
	}
	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Wallets().AdjustBalance(ctx, c.WalletID, c.Amount, decimal.Zero); err != nil {
			return err
		}
		j := domain.Transfer(c.Kind, "", c.Asset, c.Amount, domain.SystemEntry(c.Source), domain.WalletEntry(c.WalletID))
		j.Memo = c.Memo
		_, err := r.Ledger().PostJournal(ctx, j)
		return err
	})
}

type InternalTransferInput struct {
	CustomerID   uuid.UUID       `json:"customer_id"`
	FromWalletID uuid.UUID       `json:"from_wallet_id"`
	ToWalletID   uuid.UUID       `json:"to_wallet_id"`
	Amount       decimal.Decimal `json:"amount"`
	Memo         string          `json:"memo"`
}

// InternalTransfer moves funds between two wallets of the same asset without
// touching the chain.
func (s *LedgerService) InternalTransfer(ctx context.Context, in InternalTransferInput) (domain.InternalTransfer, error) {
	if !in.Amount.IsPositive() {
		return domain.InternalTransfer{}, fmt.Errorf("%w: amount must be positive", domain.ErrInvalidState)
	}
	if in.FromWalletID == in.ToWalletID {
		return domain.InternalTransfer{}, fmt.Errorf("%w: same wallet", domain.ErrInvalidState)
	}
	var out domain.InternalTransfer
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		from, to, err := lockPair(ctx, r.Wallets(), in.FromWalletID, in.ToWalletID)
		if err != nil {
			return err
		}
		if from.CustomerID != in.CustomerID {
			return domain.ErrNotFound
		}
		if from.Asset != to.Asset {
			return fmt.Errorf("%w: asset mismatch %s/%s", domain.ErrInvalidState, from.Asset, to.Asset)
		}
		if from.Available.LessThan(in.Amount) {
			return domain.ErrInsufficientFunds
		}
		if err := r.Wallets().AdjustBalance(ctx, from.ID, in.Amount.Neg(), decimal.Zero); err != nil {
			return err
		}
		if err := r.Wallets().AdjustBalance(ctx, to.ID, in.Amount, decimal.Zero); err != nil {
			return err
		}
		j := domain.Transfer("transfer.internal", "", from.Asset, in.Amount, domain.WalletEntry(from.ID), domain.WalletEntry(to.ID))
		j.Memo = in.Memo
		if _, err := r.Ledger().PostJournal(ctx, j); err != nil {
			return err
		}
		out = domain.InternalTransfer{
			ID:           uuid.New(),
			FromWalletID: from.ID,
			ToWalletID:   to.ID,
			Asset:        from.Asset,
			Amount:       in.Amount,
			JournalID:    j.ID,
			Memo:         in.Memo,
		}
		return r.Ledger().CreateInternalTransfer(ctx, out)
	})
	return out, err
}

// lockPair locks two wallets in a stable order to avoid deadlocks between
// opposite transfers.
func lockPair(ctx context.Context, wallets ports.WalletRepo, a, b uuid.UUID) (domain.Wallet, domain.Wallet, error) {
	first, second := a, b
	if first.String() > second.String() {
		first, second = second, first
	}
	w1, err := wallets.GetForUpdate(ctx, first)
	if err != nil {
		return domain.Wallet{}, domain.Wallet{}, err
	}
	w2, err := wallets.GetForUpdate(ctx, second)
	if err != nil {
		return domain.Wallet{}, domain.Wallet{}, err
	}
	if w1.ID == a {
		return w1, w2, nil
	}
	return w2, w1, nil
}
