package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"github.com/haulgrid/loadboard/internal/domain"
)

// LedgerRepo appends carrier statement lines.
type LedgerRepo struct {
	db *gorm.DB
}

func NewLedgerRepo(db *gorm.DB) *LedgerRepo { return &LedgerRepo{db: db} }

func (r *LedgerRepo) Append(ctx context.Context, entries ...domain.LedgerEntry) error {
	if len(entries) == 0 {
		return nil
	}
	rows := make([]ledgerRow, len(entries))
	for i, e := range entries {
		rows[i] = ledgerRow{
			ID:          e.ID,
			CarrierID:   e.CarrierID,
			LoadID:      e.LoadID,
			PayoutID:    ptr(e.PayoutID),
			EntryType:   string(e.Type),
			AmountCents: e.AmountCents,
			Memo:        e.Memo,
			CreatedAt:   e.CreatedAt,
		}
	}
	if err := conn(ctx, r.db).Create(&rows).Error; err != nil {
		return fmt.Errorf("append ledger entries: %w", err)
	}
	return nil
}

// Balance returns the carrier's running balance in cents.
func (r *LedgerRepo) Balance(ctx context.Context, carrierID string) (int64, error) {
	var total int64
	err := conn(ctx, r.db).Model(&ledgerRow{}).
		Select("COALESCE(SUM(amount_cents), 0)").
		Where("carrier_id = ?", carrierID).
		Scan(&total).Error
	return total, err
}
