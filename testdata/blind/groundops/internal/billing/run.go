// Package billing turns the day's service lines into per-airline
// statements and applies monthly contract minimums. It runs nightly from
// cmd/billing-run.
package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/billing/numbering"
	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
)

type Summary struct {
	ServiceDate time.Time
	Statements  int
	TotalCents  int64
	Adjustments int
}

type lineTotal struct {
	AirlineID   string
	AirlineCode string
	Station     string
	ServiceCode string
	Quantity    float64
	AmountCents int64
}

type Runner struct {
	db          *gorm.DB
	uow         database.UnitOfWork
	statements  *database.Repository[models.Statement]
	stLines     *database.Repository[models.StatementLine]
	adjustments *database.Repository[models.MinimumAdjustment]
	currency    func(ctx context.Context, airlineID, station string) (string, error)
}

func NewRunner(db *gorm.DB, uow database.UnitOfWork) *Runner {
	r := &Runner{
		db:          db,
		uow:         uow,
		statements:  database.NewRepository[models.Statement](db),
		stLines:     database.NewRepository[models.StatementLine](db),
		adjustments: database.NewRepository[models.MinimumAdjustment](db),
	}
	r.currency = r.contractCurrency
	return r
}

// Run bills serviceDate. Each airline/station statement is written in its
// own transaction so one bad contract does not hold up the others' books.
func (r *Runner) Run(ctx context.Context, serviceDate time.Time) (*Summary, error) {
	day := serviceDate.UTC().Truncate(24 * time.Hour)
	totals, err := r.dailyTotals(ctx, day)
	if err != nil {
		return nil, err
	}
	sum := &Summary{ServiceDate: day}

	for _, group := range groupByStatement(totals) {
		first := group[0]
		currency, err := r.currency(ctx, first.AirlineID, first.Station)
		if err != nil {
			return sum, fmt.Errorf("currency for %s/%s: %w", first.AirlineCode, first.Station, err)
		}
		st := &models.Statement{
			Number:      numbering.StatementNumber(first.AirlineCode, first.Station, day),
			AirlineID:   first.AirlineID,
			Station:     first.Station,
			ServiceDate: day,
			Currency:    currency,
		}
		for _, l := range group {
			st.TotalCents += l.AmountCents
		}
		err = r.uow.Do(ctx, func(ctx context.Context) error {
			if err := r.statements.Create(ctx, st); err != nil {
				return err
			}
			for _, l := range group {
				if err := r.stLines.Create(ctx, &models.StatementLine{
					StatementID: st.ID,
					ServiceCode: l.ServiceCode,
					Quantity:    l.Quantity,
					AmountCents: l.AmountCents,
				}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return sum, fmt.Errorf("statement %s: %w", st.Number, err)
		}
		sum.Statements++
		sum.TotalCents += st.TotalCents
		slog.InfoContext(ctx, "statement written", "number", st.Number, "total_cents", st.TotalCents)
	}

	if isMonthEnd(day) {
		n, err := r.applyMinimums(ctx, day)
		if err != nil {
			return sum, err
		}
		sum.Adjustments = n
	}
	return sum, nil
}

func (r *Runner) dailyTotals(ctx context.Context, day time.Time) ([]lineTotal, error) {
	var out []lineTotal
	err := r.db.WithContext(ctx).Raw(`
		SELECT sl.airline_id, a.code AS airline_code, t.station, sl.service_code,
		       SUM(sl.quantity) AS quantity,
		       ROUND(SUM(sl.quantity * sl.unit_price_cents))::bigint AS amount_cents
		  FROM service_lines sl
		  JOIN airlines a ON a.id = sl.airline_id
		  JOIN turnarounds t ON t.id = sl.turnaround_id
		 WHERE sl.service_date = ?
		 GROUP BY sl.airline_id, a.code, t.station, sl.service_code
		 ORDER BY a.code, t.station, sl.service_code`, day).Scan(&out).Error
	return out, err
}

func groupByStatement(totals []lineTotal) [][]lineTotal {
	var groups [][]lineTotal
	for i, t := range totals {
		if i == 0 || t.AirlineID != totals[i-1].AirlineID || t.Station != totals[i-1].Station {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], t)
	}
	return groups
}

func (r *Runner) contractCurrency(ctx context.Context, airlineID, station string) (string, error) {
	var c models.Contract
	err := r.db.WithContext(ctx).
		Where("airline_id = ? AND station = ?", airlineID, station).
		Order("valid_from DESC").First(&c).Error
	if err != nil {
		return "", err
	}
	return c.Currency, nil
}

type monthTotal struct {
	AirlineID           string
	MinimumMonthlyCents int64
	BilledCents         int64
}

// applyMinimums records, per airline, how far the month's statements fell
// short of the contract minimum. Re-running the month overwrites the
// figure rather than adding another.
func (r *Runner) applyMinimums(ctx context.Context, day time.Time) (int, error) {
	period := numbering.Period(day)
	var rows []monthTotal
	err := r.db.WithContext(ctx).Raw(`
		SELECT c.airline_id, c.minimum_monthly_cents,
		       COALESCE((SELECT SUM(s.total_cents) FROM statements s
		                  WHERE s.airline_id = c.airline_id AND to_char(s.service_date, 'YYYY-MM') = ?), 0) AS billed_cents
		  FROM contracts c
		 WHERE c.minimum_monthly_cents > 0
		   AND c.valid_from <= ? AND (c.valid_to IS NULL OR c.valid_to >= ?)`,
		period, day, day).Scan(&rows).Error
	if err != nil {
		return 0, err
	}
	n := 0
	for _, row := range rows {
		shortfall := row.MinimumMonthlyCents - row.BilledCents
		if shortfall <= 0 {
			continue
		}
		adj := &models.MinimumAdjustment{AirlineID: row.AirlineID, Period: period, ShortfallCents: shortfall}
		if err := r.adjustments.Upsert(ctx, adj,
			[]string{"airline_id", "period"}, []string{"shortfall_cents", "updated_at"}); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func isMonthEnd(day time.Time) bool {
	return day.AddDate(0, 0, 1).Day() == 1
}
