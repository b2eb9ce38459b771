// Package statements produces monthly earnings statements for
// photographers from the ledger.
package statements

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/ledger"
)

// Generator writes statements.
type Generator struct {
	Q      db.Querier
	Logger *slog.Logger
}

// Period is a half-open date range [Start, End).
type Period struct {
	Start time.Time
	End   time.Time
}

// PreviousMonth returns the calendar month before now, in UTC.
func PreviousMonth(now time.Time) Period {
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	return Period{Start: first.AddDate(0, -1, 0), End: first}
}

// Run writes one statement per photographer for the period.
func (g *Generator) Run(ctx context.Context, p Period) (int, error) {
	photographers, err := g.Q.ListActivePhotographers(ctx)
	if err != nil {
		return 0, err
	}
	written := 0
	for _, ph := range photographers {
		rows, err := g.Q.SumLedgerByAccount(ctx, db.SumLedgerByAccountParams{
			PhotographerID: sql.NullString{String: ph.ID, Valid: true},
			CreatedAt:      p.Start,
			CreatedAt_2:    p.End,
		})
		if err != nil {
			return written, err
		}
		var gross, paid int64
		currency := "usd"
		for _, r := range rows {
			currency = r.Currency
			switch r.Account {
			case ledger.AccountPhotographerOwed:
				if r.TotalCents > 0 {
					gross += r.TotalCents
				}
			case ledger.AccountPhotographerPaid:
				paid += r.TotalCents
			}
		}
		if gross == 0 && paid == 0 {
			continue
		}
		fees := gross * int64(ph.CommissionBps) / (10000 - int64(ph.CommissionBps))
		if err := g.Q.InsertStatement(ctx, db.InsertStatementParams{
			ID:             "st_" + ulid.Make().String(),
			PhotographerID: ph.ID,
			PeriodStart:    p.Start,
			PeriodEnd:      p.End,
			GrossCents:     gross + fees,
			FeesCents:      fees,
			NetCents:       gross,
			Currency:       currency,
		}); err != nil {
			return written, fmt.Errorf("statement for %s: %w", ph.ID, err)
		}
		written++
	}
	g.Logger.Info("statements written", "count", written, "period_start", p.Start.Format(time.DateOnly))
	return written, nil
}
