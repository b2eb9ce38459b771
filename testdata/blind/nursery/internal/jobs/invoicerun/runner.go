// Package invoicerun raises the monthly fee invoices. It runs nightly from
// cmd/invoicerun and does real work on the configured invoicing day, when it
// invoices every family for the following month's booked sessions.
package invoicerun

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
)

// Period is a calendar month, e.g. 2026-12.
type Period struct {
	Year  int
	Month time.Month
}

func ParsePeriod(s string) (Period, error) {
	t, err := time.Parse("2006-01", s)
	if err != nil {
		return Period{}, fmt.Errorf("period %q: want YYYY-MM", s)
	}
	return Period{Year: t.Year(), Month: t.Month()}, nil
}

// NextPeriod is the month after the one containing t.
func NextPeriod(t time.Time) Period {
	n := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0)
	return Period{Year: n.Year(), Month: n.Month()}
}

func (p Period) String() string { return fmt.Sprintf("%04d-%02d", p.Year, int(p.Month)) }

func (p Period) bounds() (pgtype.Date, pgtype.Date) {
	from := time.Date(p.Year, p.Month, 1, 0, 0, 0, 0, time.UTC)
	return pgtype.Date{Time: from, Valid: true}, pgtype.Date{Time: from.AddDate(0, 1, 0), Valid: true}
}

// Options tunes a Runner.
type Options struct {
	// InvoiceDay is the day of the month on which the nightly run invoices
	// the next month.
	InvoiceDay int
	Now        func() time.Time
}

type Runner struct {
	q      *db.Queries
	tx     pgtx.Transactor
	events events.Publisher
	opts   Options
	log    *slog.Logger
}

func NewRunner(q *db.Queries, tx pgtx.Transactor, pub events.Publisher, log *slog.Logger, opts Options) *Runner {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.InvoiceDay == 0 {
		opts.InvoiceDay = 20
	}
	return &Runner{q: q, tx: tx, events: pub, opts: opts, log: log}
}

// Nightly is the cron entry point.
func (r *Runner) Nightly(ctx context.Context) error {
	now := r.opts.Now()
	if now.Day() != r.opts.InvoiceDay {
		r.log.InfoContext(ctx, "not an invoicing day", "day", now.Day())
		return nil
	}
	return r.Run(ctx, NextPeriod(now))
}

// Run invoices every family with booked sessions in the period.
func (r *Runner) Run(ctx context.Context, p Period) error {
	started := r.opts.Now()
	// The run row stops two schedulers invoicing the same month at once.
	if err := r.q.StartInvoiceRun(ctx, db.StartInvoiceRunParams{Period: p.String(), StartedAt: started}); err != nil {
		return fmt.Errorf("start invoice run %s: %w", p, err)
	}

	from, to := p.bounds()
	families, err := r.q.ListFamiliesWithBookings(ctx, db.ListFamiliesWithBookingsParams{FromDate: from, ToDate: to})
	if err != nil {
		return fmt.Errorf("list families: %w", err)
	}

	var issued, skipped int
	for _, familyID := range families {
		created, err := r.invoiceFamily(ctx, p, familyID)
		if err != nil {
			return fmt.Errorf("invoice family %s: %w", familyID, err)
		}
		if created {
			issued++
		} else {
			skipped++
		}
	}

	r.log.InfoContext(ctx, "invoice run finished", "period", p.String(), "issued", issued, "already_invoiced", skipped,
		"took", r.opts.Now().Sub(started))
	return r.q.FinishInvoiceRun(ctx, db.FinishInvoiceRunParams{Period: p.String(), FinishedAt: r.opts.Now()})
}

// invoiceFamily raises one family's invoice and queues its collection in a
// single transaction. A family already invoiced for the period is skipped.
func (r *Runner) invoiceFamily(ctx context.Context, p Period, familyID uuid.UUID) (bool, error) {
	from, to := p.bounds()
	bookings, err := r.q.ListFamilyBookingsForPeriod(ctx, db.ListFamilyBookingsForPeriodParams{
		FamilyID: familyID, FromDate: from, ToDate: to,
	})
	if err != nil {
		return false, err
	}
	var total int64
	for _, b := range bookings {
		total += b.FeePence
	}
	if total == 0 {
		return false, nil
	}

	created := false
	err = r.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, r.q)
		inv, err := q.CreateInvoice(ctx, db.CreateInvoiceParams{
			ID:          uuid.New(),
			FamilyID:    familyID,
			Period:      p.String(),
			AmountPence: total,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		for _, b := range bookings {
			if err := q.CreateInvoiceLine(ctx, db.CreateInvoiceLineParams{
				InvoiceID: inv.ID, BookingID: b.ID, AmountPence: b.FeePence,
			}); err != nil {
				return err
			}
		}
		created = true
		return r.events.Publish(ctx, events.TopicInvoiceIssued, events.InvoiceIssued{
			InvoiceID:   inv.ID,
			FamilyID:    familyID,
			Period:      inv.Period,
			AmountPence: inv.AmountPence,
		})
	})
	return created, err
}
