// Command billing-cron runs the monthly invoice run and the dunning pass.
// It is scheduled as a Kubernetes CronJob; a failed run is restarted by the
// job controller and the next schedule runs it again.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"time"

	"go.uber.org/dig"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/app"
	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/platform/config"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/usage"
)

func main() {
	task := flag.String("task", "invoices", "invoices | dunning")
	period := flag.String("period", "", "billing month to invoice, YYYY-MM (default: previous month)")
	flag.Parse()

	c := dig.New()
	app.Must(app.ProvideCore(c))
	for _, ctor := range []any{
		app.NewWatermillLogger,
		app.NewEventPublisher,
		app.NewPaymentGateway,
		app.NewCollector,
		newInvoiceRunner,
	} {
		app.Must(c.Provide(ctor))
	}

	jobs := map[string]any{
		"invoices": func(r *billing.InvoiceRunner, log *slog.Logger, pub *messaging.EventPublisher) error {
			defer pub.Close()
			start, err := periodStart(*period)
			if err != nil {
				return err
			}
			sum, err := r.Run(context.Background(), start)
			log.Info("invoice run finished", "period", sum.Period, "customers", sum.Customers, "finalized", sum.Finalized)
			return err
		},
		"dunning": func(col *billing.Collector, log *slog.Logger, pub *messaging.EventPublisher) error {
			defer pub.Close()
			n, err := col.RetryPastDue(context.Background(), 500)
			log.Info("dunning pass finished", "attempted", n)
			return err
		},
	}
	job, ok := jobs[*task]
	if !ok {
		slog.Error("unknown task", "task", *task)
		os.Exit(2)
	}
	if err := c.Invoke(job); err != nil {
		slog.Error("billing-cron failed", "task", *task, "error", err)
		os.Exit(1)
	}
}

func newInvoiceRunner(db *gorm.DB, inv *billing.InvoiceRepository, subs *billing.SubscriptionRepository, u *usage.Repository,
	cust *customers.Repository, pub *messaging.EventPublisher, log *slog.Logger, cfg *config.Config) *billing.InvoiceRunner {
	return billing.NewInvoiceRunner(db, inv, subs, u, cust, pub, log.With("component", "invoicing"), cfg.Currency)
}

func periodStart(p string) (time.Time, error) {
	if p == "" {
		now := time.Now().UTC()
		return time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0), nil
	}
	return time.Parse("2006-01", p)
}
