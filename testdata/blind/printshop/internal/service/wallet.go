package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/repository"
)

type Wallets struct {
	db     *gorm.DB
	wallet repository.WalletRepository
}

func NewWallets(db *gorm.DB, wallet repository.WalletRepository) *Wallets {
	return &Wallets{db: db, wallet: wallet}
}

func (s *Wallets) Post(ctx context.Context, tx *gorm.DB, e model.LedgerEntry) (bool, int64, error) {
	if e.MerchantID == "" || e.AmountCents == 0 {
		return false, 0, fmt.Errorf("%w: ledger entry needs merchant and amount", ErrInvalid)
	}
	if e.CreatedAt.IsZero() {
		e.CreatedAt = time.Now().UTC()
	}
	repo := s.wallet.WithTx(tx)
	applied, err := repo.InsertEntry(ctx, &e)
	if err != nil {
		return false, 0, fmt.Errorf("wallet: insert ledger entry: %w", err)
	}
	if !applied {
		w, err := repo.Get(ctx, e.MerchantID)
		if err != nil {
			return false, 0, err
		}
		return false, w.BalanceCents, nil
	}
	bal, err := repo.AdjustBalance(ctx, e.MerchantID, e.AmountCents)
	if err != nil {
		return false, 0, fmt.Errorf("wallet: adjust balance: %w", err)
	}
	return true, bal, nil
}

func (s *Wallets) Credit(ctx context.Context, merchantID string, amount int64, kind, reference, memo string) (int64, error) {
	if amount <= 0 {
		return 0, fmt.Errorf("%w: credit must be positive", ErrInvalid)
	}
	var balance int64
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		_, bal, err := s.Post(ctx, tx, model.LedgerEntry{
			MerchantID:  merchantID,
			Kind:        kind,
			AmountCents: amount,
			Reference:   reference,
			Memo:        memo,
		})
		balance = bal
		return err
	})
	return balance, err
}

func (s *Wallets) Balance(ctx context.Context, merchantID string) (int64, error) {
	w, err := s.wallet.Get(ctx, merchantID)
	if errors.Is(err, repository.ErrNotFound) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, err
	}
	return w.BalanceCents, nil
}
