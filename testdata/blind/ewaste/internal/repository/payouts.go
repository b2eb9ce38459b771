package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/circuitback/buyback/internal/model"
)

type PayoutRepository struct{ base }

func NewPayoutRepository(db *gorm.DB) *PayoutRepository {
	return &PayoutRepository{base{db}}
}

// CreateForTradeIn inserts the payout for a trade-in unless one exists and
// reports whether this call created it.
func (r *PayoutRepository) CreateForTradeIn(ctx context.Context, p *model.Payout) (*model.Payout, bool, error) {
	created, err := insertIgnore(r.conn(ctx), p, "trade_in_id")
	if err != nil {
		return nil, false, fmt.Errorf("create payout: %w", err)
	}
	if created {
		return p, true, nil
	}
	existing, err := first[model.Payout](r.conn(ctx), "trade_in_id = ?", p.TradeInID)
	return existing, false, err
}

func (r *PayoutRepository) Get(ctx context.Context, id uuid.UUID) (*model.Payout, error) {
	return first[model.Payout](r.conn(ctx), "id = ?", id)
}

// GetForUpdate locks the payout row for the caller's transaction.
func (r *PayoutRepository) GetForUpdate(ctx context.Context, id uuid.UUID) (*model.Payout, error) {
	return first[model.Payout](r.conn(ctx).Clauses(clause.Locking{Strength: "UPDATE"}), "id = ?", id)
}

func (r *PayoutRepository) ByTransfer(ctx context.Context, transferID string) (*model.Payout, error) {
	return first[model.Payout](r.conn(ctx), "provider_transfer_id = ?", transferID)
}

func (r *PayoutRepository) Transition(ctx context.Context, id uuid.UUID, from []string, to string, extra map[string]any) (int64, error) {
	return transition(r.conn(ctx), "payouts", id, from, to, extra)
}

// BeginRetry moves a failed payout back to pending on its next attempt number.
func (r *PayoutRepository) BeginRetry(ctx context.Context, id uuid.UUID) (int64, error) {
	res := r.conn(ctx).Model(&model.Payout{}).
		Where("id = ? AND status IN ?", id, []string{model.PayoutFailed, model.PayoutReturned}).
		Updates(map[string]any{
			"status":          model.PayoutPending,
			"current_attempt": gorm.Expr("current_attempt + 1"),
			"failure_reason":  nil,
			"updated_at":      gorm.Expr("now()"),
		})
	return res.RowsAffected, res.Error
}

func (r *PayoutRepository) CreateAttempt(ctx context.Context, a *model.PayoutAttempt) error {
	if err := r.conn(ctx).Create(a).Error; err != nil {
		return fmt.Errorf("create payout attempt: %w", err)
	}
	return nil
}

func (r *PayoutRepository) Attempt(ctx context.Context, payoutID uuid.UUID, no int) (*model.PayoutAttempt, error) {
	return first[model.PayoutAttempt](r.conn(ctx), "payout_id = ? AND attempt_no = ?", payoutID, no)
}

func (r *PayoutRepository) UpdateAttempt(ctx context.Context, id, status string, transferID, errMsg *string) error {
	return r.conn(ctx).Model(&model.PayoutAttempt{}).Where("id = ?", id).
		Updates(map[string]any{
			"status": status, "provider_transfer_id": transferID,
			"error": errMsg, "updated_at": time.Now().UTC(),
		}).Error
}

type LedgerRepository struct{ base }

func NewLedgerRepository(db *gorm.DB) *LedgerRepository {
	return &LedgerRepository{base{db}}
}

func (r *LedgerRepository) Append(ctx context.Context, entries ...*model.LedgerEntry) error {
	if len(entries) == 0 {
		return nil
	}
	if err := r.conn(ctx).Create(entries).Error; err != nil {
		return fmt.Errorf("append ledger entries: %w", err)
	}
	return nil
}

type StoreCreditRepository struct{ base }

func NewStoreCreditRepository(db *gorm.DB) *StoreCreditRepository {
	return &StoreCreditRepository{base{db}}
}

// AddBalance credits a customer's store-credit account, opening it if needed.
func (r *StoreCreditRepository) AddBalance(ctx context.Context, customerID uuid.UUID, cents int64, currency string) error {
	acct := &model.StoreCreditAccount{CustomerID: customerID, BalanceCents: cents, Currency: currency}
	return r.conn(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "customer_id"}},
		DoUpdates: clause.Assignments(map[string]any{
			"balance_cents": gorm.Expr("store_credit_accounts.balance_cents + EXCLUDED.balance_cents"),
			"updated_at":    gorm.Expr("now()"),
		}),
	}).Create(acct).Error
}

func (r *StoreCreditRepository) Balance(ctx context.Context, customerID uuid.UUID) (int64, error) {
	acct, err := first[model.StoreCreditAccount](r.conn(ctx), "customer_id = ?", customerID)
	if err != nil {
		return 0, err
	}
	return acct.BalanceCents, nil
}
