// Command cron runs one scheduled job and exits: cron <job>. The cluster
// scheduler runs it on a timetable and re-runs a job that exits non-zero.
package main

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/jobs"
	"github.com/tldhouse/registrar/internal/platform"
	"github.com/tldhouse/registrar/internal/registry"
	"github.com/tldhouse/registrar/internal/store"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <job>")
		os.Exit(2)
	}
	c, err := newContainer()
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Invoke(func(r jobs.Registry, tc client.Client, log *slog.Logger) error {
		defer tc.Close()
		return run(r, os.Args[1], log)
	}); err != nil {
		log.Fatal(err)
	}
}

type jobSet struct {
	dig.In

	Reminders *jobs.ExpiryReminders
	AutoRenew *jobs.AutoRenewals
	Reconcile *jobs.Reconcile
}

func newJobRegistry(s jobSet) jobs.Registry {
	return jobs.NewRegistry(s.Reminders, s.AutoRenew, s.Reconcile)
}

func newContainer(opts ...dig.Option) (*dig.Container, error) {
	c := dig.New(opts...)
	if err := platform.ProvideCommon(c); err != nil {
		return nil, err
	}
	for _, ctor := range []any{
		flows.Dial,
		flows.NewStarter,
		func(s *store.Notifications) jobs.ReminderStore { return s },
		func(s *store.Accounts) jobs.AccountReader { return s },
		func(s *store.Domains) jobs.ExpiringLister { return s },
		func(s *store.Domains) jobs.DomainPager { return s },
		func(s *store.Reconciliation) jobs.ReconStore { return s },
		func(r *registry.Client) jobs.RegistryReader { return r },
		jobs.NewExpiryReminders,
		jobs.NewAutoRenewals,
		jobs.NewReconcile,
		newJobRegistry,
	} {
		if err := c.Provide(ctor); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func run(r jobs.Registry, name string, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Hour)
	defer cancel()
	start := time.Now()
	log.Info("job started", "job", name)
	if err := r.Run(ctx, name); err != nil {
		log.Error("job failed", "job", name, "err", err, "dur", time.Since(start))
		return err
	}
	log.Info("job finished", "job", name, "dur", time.Since(start))
	return nil
}
