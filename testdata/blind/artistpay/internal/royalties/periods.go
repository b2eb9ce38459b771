package royalties

import (
	"context"
	"fmt"
	"time"

	"github.com/google/wire"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
	"github.com/soundledger/artistpay/internal/platform/events"
	"github.com/soundledger/artistpay/internal/platform/ids"
)

// ProviderSet wires the royalties services.
var ProviderSet = wire.NewSet(NewSplits, NewCalculator, NewAllocator, NewPeriods)

// Periods opens and closes accounting months.
type Periods struct {
	db  *gorm.DB
	now func() time.Time
}

// NewPeriods returns the periods service.
func NewPeriods(db *gorm.DB) *Periods {
	return &Periods{db: db, now: func() time.Time { return time.Now().UTC() }}
}

// Close marks period as closed and announces it. Closing a closed period
// returns the original record.
func (p *Periods) Close(ctx context.Context, period, by string) (*models.AccountingPeriod, error) {
	if _, err := time.Parse("2006-01", period); err != nil {
		return nil, fmt.Errorf("royalties: bad period %q", period)
	}
	if period >= p.now().Format("2006-01") {
		return nil, fmt.Errorf("royalties: period %s has not ended", period)
	}
	rec := &models.AccountingPeriod{Period: period, ClosedBy: by, ClosedAt: p.now()}
	err := p.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(rec)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return tx.First(rec, "period = ?", period).Error
		}
		return events.PublishTx(tx, events.TopicPeriodClosed, ids.Derived("period-closed", period), events.PeriodClosed{
			Period:   rec.Period,
			ClosedBy: rec.ClosedBy,
			ClosedAt: rec.ClosedAt,
		})
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}
