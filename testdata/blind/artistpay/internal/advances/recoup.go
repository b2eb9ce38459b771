package advances

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/tasks"
)

// Recouper takes back outstanding advance balances from new royalties.
type Recouper struct {
	db         *gorm.DB
	PostLedger func(ctx context.Context, entries ...ledger.Entry) error
	Now        func() time.Time
}

// NewRecouper returns a recouper posting through l.
func NewRecouper(db *gorm.DB, l *ledger.Ledger) *Recouper {
	return &Recouper{db: db, PostLedger: l.Post, Now: func() time.Time { return time.Now().UTC() }}
}

// Apply recoups from one royalty allocation, oldest advance first.
func (r *Recouper) Apply(ctx context.Context, p tasks.RecoupmentApplyPayload) error {
	var advs []models.Advance
	if err := r.db.WithContext(ctx).
		Where("artist_id = ? AND status = ? AND outstanding_micros > 0", p.ArtistID, models.AdvanceDisbursed).
		Order("created_at").
		Find(&advs).Error; err != nil {
		return err
	}
	remaining := p.AmountMicros
	for _, adv := range advs {
		if remaining <= 0 {
			break
		}
		done, err := r.applied(ctx, adv.ID, p.AllocationID)
		if err != nil {
			return err
		}
		if done {
			continue
		}
		amt := min(adv.OutstandingMicros, p.AmountMicros*int64(adv.RecoupRateBps)/10000, remaining)
		if amt <= 0 {
			continue
		}
		if err := r.PostLedger(ctx, ledger.Entry{
			ArtistID:     p.ArtistID,
			Kind:         models.EntryRecoupment,
			AmountMicros: -amt,
			Currency:     adv.Currency,
			RefType:      "advance",
			RefID:        adv.ID,
			Period:       p.Period,
			Memo:         "advance recoupment",
		}); err != nil {
			return err
		}
		if err := r.record(ctx, &adv, p, amt); err != nil {
			return err
		}
		remaining -= amt
	}
	return nil
}

func (r *Recouper) applied(ctx context.Context, advanceID, allocationID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&models.RecoupmentApplication{}).
		Where("advance_id = ? AND allocation_id = ?", advanceID, allocationID).
		Count(&n).Error
	return n > 0, err
}

func (r *Recouper) record(ctx context.Context, adv *models.Advance, p tasks.RecoupmentApplyPayload, amt int64) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&models.RecoupmentApplication{
			AdvanceID:    adv.ID,
			AllocationID: p.AllocationID,
			Period:       p.Period,
			AmountMicros: amt,
			AppliedAt:    r.Now(),
		}).Error; err != nil {
			return err
		}
		status := adv.Status
		if adv.OutstandingMicros-amt <= 0 {
			status = models.AdvanceRecouped
		}
		return tx.Model(&models.Advance{}).
			Where("id = ?", adv.ID).
			Updates(map[string]any{
				"outstanding_micros": gorm.Expr("outstanding_micros - ?", amt),
				"status":             status,
			}).Error
	})
}
