package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
)

// LedgerRepository persists balance movements.
type LedgerRepository interface {
	// Append writes one entry without touching the balance.
	Append(ctx context.Context, e *domain.LedgerEntry) error
	// Post writes the entry and applies its amount to the account balance
	// in one transaction.
	Post(ctx context.Context, e *domain.LedgerEntry) error
	ListByAccount(ctx context.Context, accountID string, limit int) ([]domain.LedgerEntry, error)
}

type ledgerRepo struct {
	table[domain.LedgerEntry]
	accounts AccountRepository
}

// NewLedger returns the gorm LedgerRepository.
func NewLedger(db *gorm.DB, accounts AccountRepository) LedgerRepository {
	return &ledgerRepo{table: table[domain.LedgerEntry]{db: db}, accounts: accounts}
}

func (r *ledgerRepo) Append(ctx context.Context, e *domain.LedgerEntry) error {
	if e.CreatedAt.IsZero() {
		e.CreatedAt = time.Now().UTC()
	}
	return r.create(ctx, e)
}

func (r *ledgerRepo) Post(ctx context.Context, e *domain.LedgerEntry) error {
	return r.conn(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&domain.Account{}).Where("id = ?", e.AccountID).
			Updates(map[string]any{
				"balance_cents": gorm.Expr("balance_cents + ?", e.AmountCents),
				"updated_at":    time.Now().UTC(),
			}).Error; err != nil {
			return err
		}
		if e.CreatedAt.IsZero() {
			e.CreatedAt = time.Now().UTC()
		}
		return tx.Create(e).Error
	})
}

func (r *ledgerRepo) ListByAccount(ctx context.Context, accountID string, limit int) ([]domain.LedgerEntry, error) {
	var out []domain.LedgerEntry
	err := r.conn(ctx).Where("account_id = ?", accountID).
		Order("created_at DESC").Limit(limit).Find(&out).Error
	return out, err
}

// ChargeRepository persists trip charges.
type ChargeRepository interface {
	Record(ctx context.Context, c *domain.TripCharge) (bool, error)
	Get(ctx context.Context, id string) (*domain.TripCharge, error)
	AddRefunded(ctx context.Context, id string, cents int64) error
}

type chargeRepo struct{ table[domain.TripCharge] }

// NewCharges returns the gorm ChargeRepository.
func NewCharges(db *gorm.DB) ChargeRepository {
	return &chargeRepo{table[domain.TripCharge]{db: db}}
}

func (r *chargeRepo) Record(ctx context.Context, c *domain.TripCharge) (bool, error) {
	return r.insertIgnore(ctx, c, cols("trip_id")...)
}

func (r *chargeRepo) Get(ctx context.Context, id string) (*domain.TripCharge, error) {
	return r.get(ctx, "id = ?", id)
}

func (r *chargeRepo) AddRefunded(ctx context.Context, id string, cents int64) error {
	return r.conn(ctx).Model(&domain.TripCharge{}).Where("id = ?", id).
		Update("refunded_cents", gorm.Expr("refunded_cents + ?", cents)).Error
}
