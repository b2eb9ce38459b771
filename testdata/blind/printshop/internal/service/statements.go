package service

import (
	"context"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/reporting"
)

type Statements struct {
	db      *gorm.DB
	reports *reporting.Reports
	notify  NotificationService
	log     *zap.Logger
}

func NewStatements(db *gorm.DB, reports *reporting.Reports, notify NotificationService, log *zap.Logger) *Statements {
	return &Statements{db: db, reports: reports, notify: notify, log: log.Named("statements")}
}

func previousPeriod(now time.Time) string {
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	return first.AddDate(0, -1, 0).Format("2006-01")
}

// GenerateMonthly writes one statement per merchant with ledger activity in
// period and announces it.
func (s *Statements) GenerateMonthly(ctx context.Context, period string) (int, error) {
	if period == "" {
		period = previousPeriod(time.Now().UTC())
	}
	totals, err := s.reports.MonthlyTotals(ctx, period)
	if err != nil {
		return 0, err
	}
	written := 0
	for _, t := range totals {
		st := model.Statement{
			ID:           model.NewID(model.PrefixStatement),
			MerchantID:   t.MerchantID,
			Period:       period,
			ChargesCents: t.ChargesCents,
			CreditsCents: t.CreditsCents,
			OrderCount:   t.OrderCount,
			CreatedAt:    time.Now().UTC(),
		}
		if err := s.reports.InsertStatement(ctx, st); err != nil {
			return written, err
		}
		var ids []string
		err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var err error
			ids, err = s.notify.Emit(ctx, tx, t.MerchantID, model.EventStatementReady, map[string]any{
				"statement_id":  st.ID,
				"period":        period,
				"charges_cents": st.ChargesCents,
				"credits_cents": st.CreditsCents,
				"order_count":   st.OrderCount,
			}, period)
			return err
		})
		if err != nil {
			return written, err
		}
		if err := s.notify.Dispatch(ctx, ids); err != nil {
			return written, err
		}
		written++
	}
	s.log.Info("statements generated", zap.String("period", period), zap.Int("count", written))
	return written, nil
}
