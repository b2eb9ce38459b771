package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/inkloop/printshop/internal/model"
)

type walletRepo struct{ db *gorm.DB }

func NewWalletRepository(db *gorm.DB) WalletRepository { return &walletRepo{db: db} }

func (r *walletRepo) WithTx(tx *gorm.DB) WalletRepository { return &walletRepo{db: tx} }

func (r *walletRepo) Get(ctx context.Context, merchantID string) (*model.Wallet, error) {
	var w model.Wallet
	if err := r.db.WithContext(ctx).First(&w, "merchant_id = ?", merchantID).Error; err != nil {
		return nil, notFound(err)
	}
	return &w, nil
}

func (r *walletRepo) InsertEntry(ctx context.Context, e *model.LedgerEntry) (bool, error) {
	if e.ID == "" {
		e.ID = model.NewLedgerID()
	}
	q := r.db.WithContext(ctx)
	if e.IdempotencyKey != nil {
		q = q.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "idempotency_key"}},
			DoNothing: true,
		})
	}
	res := q.Create(e)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *walletRepo) AdjustBalance(ctx context.Context, merchantID string, delta int64) (int64, error) {
	var w model.Wallet
	res := r.db.WithContext(ctx).Model(&w).
		Clauses(clause.Returning{Columns: []clause.Column{{Name: "balance_cents"}}}).
		Where("merchant_id = ?", merchantID).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents + ?", delta),
			"updated_at":    time.Now().UTC(),
		})
	if res.Error != nil {
		return 0, res.Error
	}
	if res.RowsAffected == 0 {
		return 0, ErrNotFound
	}
	return w.BalanceCents, nil
}

type topupRepo struct{ db *gorm.DB }

func NewTopupRepository(db *gorm.DB) TopupRepository { return &topupRepo{db: db} }

func (r *topupRepo) WithTx(tx *gorm.DB) TopupRepository { return &topupRepo{db: tx} }

func (r *topupRepo) Create(ctx context.Context, t *model.WalletTopup) error {
	return r.db.WithContext(ctx).Create(t).Error
}

func (r *topupRepo) Get(ctx context.Context, id string) (*model.WalletTopup, error) {
	var t model.WalletTopup
	if err := r.db.WithContext(ctx).First(&t, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &t, nil
}

func (r *topupRepo) MarkSucceeded(ctx context.Context, id, chargeID string) error {
	return r.db.WithContext(ctx).Model(&model.WalletTopup{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":             model.TopupSucceeded,
			"provider_charge_id": chargeID,
			"updated_at":         time.Now().UTC(),
		}).Error
}

func (r *topupRepo) MarkFailed(ctx context.Context, id, reason string) error {
	return r.db.WithContext(ctx).Model(&model.WalletTopup{}).
		Where("id = ? AND status = ?", id, model.TopupPending).
		Updates(map[string]any{
			"status":         model.TopupFailed,
			"failure_reason": reason,
			"updated_at":     time.Now().UTC(),
		}).Error
}

func (r *walletRepo) GetForUpdate(ctx context.Context, merchantID string) (*model.Wallet, error) {
	var w model.Wallet
	err := r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE"}).
		First(&w, "merchant_id = ?", merchantID).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &w, nil
}
