package payouts

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/ledger"
	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/ids"
)

// Cycle runs the monthly scheduled payout of statement balances.
type Cycle struct {
	db            *gorm.DB
	ledger        *ledger.Ledger
	NewID         ids.Generator
	EnqueueSubmit SubmitQueue
	Now           func() time.Time
}

// NewCycle returns the payout cycle runner.
func NewCycle(db *gorm.DB, l *ledger.Ledger, submit SubmitQueue) *Cycle {
	return &Cycle{
		db:            db,
		ledger:        l,
		NewID:         ids.NewUUID,
		EnqueueSubmit: submit,
		Now:           func() time.Time { return time.Now().UTC() },
	}
}

type payable struct {
	models.Statement
	TaxStatus string
	AccountID *string
}

// Run pays every final statement of period that clears the artist's
// payout threshold.
func (c *Cycle) Run(ctx context.Context, period string) (int, error) {
	cycle, err := c.ensureCycle(ctx, period)
	if err != nil {
		return 0, err
	}
	if cycle.Status == "completed" {
		return cycle.PayoutCount, nil
	}

	var rows []payable
	err = c.db.WithContext(ctx).
		Table("statements AS s").
		Select(`s.*, a.tax_status,
			(SELECT pa.id FROM payout_accounts pa
			  WHERE pa.artist_id = s.artist_id AND pa.method = ? AND pa.status = 'active'
			  ORDER BY pa.created_at DESC LIMIT 1) AS account_id`, models.MethodBank).
		Joins("JOIN artists a ON a.id = s.artist_id").
		Where("s.period = ? AND s.status = ? AND s.net_micros >= a.payout_threshold_micros", period, "final").
		Order("s.artist_id").
		Scan(&rows).Error
	if err != nil {
		return 0, err
	}

	count := 0
	for _, st := range rows {
		if st.AccountID == nil {
			continue
		}
		p := models.Payout{
			ID:           c.NewID(),
			ArtistID:     st.ArtistID,
			AccountID:    st.AccountID,
			AmountMicros: st.NetMicros,
			Currency:     st.Currency,
			Method:       models.MethodBank,
			Status:       models.PayoutPending,
			StatementID:  ptr(st.ID),
			CycleID:      ptr(cycle.ID),
			CreatedAt:    c.Now(),
		}
		if st.TaxStatus != models.TaxStatusVerified {
			p.Status = models.PayoutHeldTax
		}
		if err := c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Create(&p).Error; err != nil {
				return err
			}
			return c.ledger.PostTx(tx, ledger.Entry{
				ArtistID:     p.ArtistID,
				Kind:         models.EntryPayout,
				AmountMicros: -p.AmountMicros,
				Currency:     p.Currency,
				RefType:      "payout",
				RefID:        p.ID,
				Period:       period,
				Key:          "payout:" + p.ID,
				Memo:         "scheduled payout " + period,
			})
		}); err != nil {
			return count, err
		}
		if p.Status == models.PayoutPending {
			if err := c.EnqueueSubmit(ctx, p.ID); err != nil {
				return count, err
			}
		}
		count++
	}

	now := c.Now()
	return count, c.db.WithContext(ctx).Model(&models.PayoutCycle{}).
		Where("id = ?", cycle.ID).
		Updates(map[string]any{"status": "completed", "payout_count": count, "completed_at": now}).Error
}

func (c *Cycle) ensureCycle(ctx context.Context, period string) (*models.PayoutCycle, error) {
	cy := &models.PayoutCycle{ID: ids.Derived("payout-cycle", period), Period: period, Status: "running", StartedAt: c.Now()}
	db := c.db.WithContext(ctx)
	if err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "period"}},
		DoNothing: true,
	}).Create(cy).Error; err != nil {
		return nil, err
	}
	var out models.PayoutCycle
	if err := db.First(&out, "period = ?", period).Error; err != nil {
		return nil, err
	}
	return &out, nil
}
