// Package scheduler plans the daily batch: fee accrual, due-date
// collections and overdue reminders. It is run by the cron binary and only
// enqueues work; the worker and processor carry it out.
package scheduler

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/tasks"
)

type Planner struct {
	store        repo.Store
	loc          *time.Location
	overdueAfter int
	log          *slog.Logger
}

func NewPlanner(store repo.Store, loc *time.Location, log *slog.Logger) *Planner {
	return &Planner{store: store, loc: loc, overdueAfter: 3, log: log.With("component", "scheduler")}
}

var overdueNamespace = uuid.MustParse("b0e7a6d4-51c2-4f3e-8d0a-97c4e2f1a6b5")

// Plan enqueues the batch for the business day containing now.
func (p *Planner) Plan(ctx context.Context, now time.Time) error {
	local := now.In(p.loc)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	date := day.Format(time.DateOnly)

	if _, err := tasks.Enqueue(ctx, p.store.Tasks(), tasks.FeesAccrue{Date: date}); err != nil {
		return fmt.Errorf("enqueue fee accrual: %w", err)
	}

	due, err := p.store.Invoices().ListDueBetween(ctx, day, day.AddDate(0, 0, 1), domain.InvoiceFunded)
	if err != nil {
		return err
	}
	for _, inv := range due {
		if _, err := tasks.Enqueue(ctx, p.store.Tasks(), tasks.CollectionInitiate{InvoiceID: inv.ID, Installment: 1}); err != nil {
			return fmt.Errorf("enqueue collection %s: %w", inv.ID, err)
		}
	}

	from := day.AddDate(0, 0, -90)
	to := day.AddDate(0, 0, -p.overdueAfter+1)
	overdue, err := p.store.Invoices().ListDueBetween(ctx, from, to, domain.InvoiceFunded)
	if err != nil {
		return err
	}
	for _, inv := range overdue {
		days := int(day.Sub(inv.DueDate).Hours() / 24)
		id := uuid.NewSHA1(overdueNamespace, []byte(inv.ID.String()+"/"+date))
		if _, err := events.EmitOnce(ctx, p.store.Outbox(), id, events.InvoiceOverdue{
			InvoiceID: inv.ID, DaysOverdue: days, AsOf: date,
		}); err != nil {
			return fmt.Errorf("emit overdue %s: %w", inv.ID, err)
		}
	}
	p.log.InfoContext(ctx, "daily batch planned", "date", date, "collections", len(due), "overdue", len(overdue))
	return nil
}
