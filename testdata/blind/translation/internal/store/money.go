package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Payments is the escrow payment repository.
type Payments struct {
	platform.Repo[domain.EscrowPayment]
	Refunds platform.Repo[domain.Refund]
	Tips    platform.Repo[domain.Tip]
}

// NewPayments builds the payment repositories.
func NewPayments(db *gorm.DB) *Payments {
	return &Payments{
		Repo:    platform.NewRepo[domain.EscrowPayment](db),
		Refunds: platform.NewRepo[domain.Refund](db),
		Tips:    platform.NewRepo[domain.Tip](db),
	}
}

// ActiveForJob returns the authorized or captured escrow payment of a job.
func (r *Payments) ActiveForJob(ctx context.Context, jobID string) (*domain.EscrowPayment, error) {
	return r.FindOne(ctx, "job_id = ? AND status IN ?", jobID,
		[]string{domain.PaymentAuthorized, domain.PaymentCaptured})
}

// Balances manages translator balances.
type Balances struct {
	db *gorm.DB
}

// NewBalances builds the balance repository.
func NewBalances(db *gorm.DB) *Balances { return &Balances{db: db} }

// Get loads a balance, returning a zero balance when none exists yet.
func (b *Balances) Get(ctx context.Context, translatorID uuid.UUID) (*domain.TranslatorBalance, error) {
	var bal domain.TranslatorBalance
	err := platform.Conn(ctx, b.db).First(&bal, "translator_id = ?", translatorID).Error
	if err == gorm.ErrRecordNotFound {
		return &domain.TranslatorBalance{TranslatorID: translatorID, Currency: "EUR"}, nil
	}
	return &bal, err
}

// Credit adds amount to the translator's available balance, creating the
// balance row on first use.
func (b *Balances) Credit(ctx context.Context, translatorID uuid.UUID, amount int64, currency string) error {
	return platform.Conn(ctx, b.db).Transaction(func(tx *gorm.DB) error {
		bal := domain.TranslatorBalance{
			TranslatorID: translatorID, AvailableCents: amount, Currency: currency,
			UpdatedAt: time.Now().UTC(),
		}
		return tx.Clauses(clause.OnConflict{
			Columns: []clause.Column{{Name: "translator_id"}},
			DoUpdates: clause.Assignments(map[string]any{
				"available_cents": gorm.Expr("translator_balances.available_cents + ?", amount),
				"updated_at":      time.Now().UTC(),
			}),
		}).Create(&bal).Error
	})
}

// Reserve moves amount from available to pending inside the caller's
// transaction. It fails when the available balance is too small.
func (b *Balances) Reserve(ctx context.Context, translatorID uuid.UUID, amount int64) error {
	res := platform.Conn(ctx, b.db).Model(&domain.TranslatorBalance{}).
		Where("translator_id = ? AND available_cents >= ?", translatorID, amount).
		Updates(map[string]any{
			"available_cents": gorm.Expr("available_cents - ?", amount),
			"pending_cents":   gorm.Expr("pending_cents + ?", amount),
			"updated_at":      time.Now().UTC(),
		})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("reserve %d for %s: %w", amount, translatorID, platform.ErrConflict)
	}
	return nil
}

// Settle removes a paid amount from pending inside the caller's transaction.
func (b *Balances) Settle(ctx context.Context, translatorID uuid.UUID, amount int64) error {
	return platform.Conn(ctx, b.db).Model(&domain.TranslatorBalance{}).
		Where("translator_id = ?", translatorID).
		Updates(map[string]any{
			"pending_cents": gorm.Expr("GREATEST(pending_cents - ?, 0)", amount),
			"updated_at":    time.Now().UTC(),
		}).Error
}

// Release returns a pending amount to available inside the caller's
// transaction.
func (b *Balances) Release(ctx context.Context, translatorID uuid.UUID, amount int64) error {
	return platform.Conn(ctx, b.db).Model(&domain.TranslatorBalance{}).
		Where("translator_id = ?", translatorID).
		Updates(map[string]any{
			"available_cents": gorm.Expr("available_cents + ?", amount),
			"pending_cents":   gorm.Expr("GREATEST(pending_cents - ?, 0)", amount),
			"updated_at":      time.Now().UTC(),
		}).Error
}

// AboveThreshold lists balances with at least min available.
func (b *Balances) AboveThreshold(ctx context.Context, min int64) ([]domain.TranslatorBalance, error) {
	var out []domain.TranslatorBalance
	err := b.db.WithContext(ctx).Where("available_cents >= ?", min).Find(&out).Error
	return out, err
}

// Payouts is the payout repository.
type Payouts struct {
	platform.Repo[domain.Payout]
	Accounts platform.Repo[domain.PayoutAccount]
	Failures platform.Repo[domain.PayoutFailure]
}

// NewPayouts builds the payout repositories.
func NewPayouts(db *gorm.DB) *Payouts {
	return &Payouts{
		Repo:     platform.NewRepo[domain.Payout](db),
		Accounts: platform.NewRepo[domain.PayoutAccount](db),
		Failures: platform.NewRepo[domain.PayoutFailure](db),
	}
}

// ByReference loads the payout a provider transfer refers to. Transfers are
// created with the payout id as their reference.
func (r *Payouts) ByReference(ctx context.Context, ref string) (*domain.Payout, error) {
	return r.Get(ctx, ref)
}

// AccountFor loads the translator's payout account.
func (r *Payouts) AccountFor(ctx context.Context, translatorID uuid.UUID) (*domain.PayoutAccount, error) {
	return r.Accounts.FindOne(ctx, "translator_id = ?", translatorID)
}
