// Command worker runs queued background jobs: supplier orders, crew pages,
// crew release and de-icing usage reports.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/app"
	"github.com/apronworks/groundops/internal/config"
	"github.com/apronworks/groundops/internal/crew"
	"github.com/apronworks/groundops/internal/deicing"
	"github.com/apronworks/groundops/internal/fuel"
	"github.com/apronworks/groundops/internal/platform/jobs"
)

func main() {
	fx.New(
		app.Core,
		app.Partners,
		app.Services,
		fx.Provide(newHandlers, newWorker),
		fx.Invoke(run),
	).Run()
}

// newHandlers merges the job tables of the owning packages.
func newHandlers(f *fuel.Service, c *crew.Service, d *deicing.Service) (jobs.Handlers, error) {
	all := jobs.Handlers{}
	for _, part := range []jobs.Handlers{f.JobHandlers(), c.JobHandlers(), d.JobHandlers()} {
		for kind, h := range part {
			if _, dup := all[kind]; dup {
				return nil, fmt.Errorf("job kind %q registered twice", kind)
			}
			all[kind] = h
		}
	}
	return all, nil
}

func newWorker(cfg *config.Config, db *gorm.DB, h jobs.Handlers) *jobs.Worker {
	return jobs.NewWorker(db, h, jobs.WorkerOptions{
		Concurrency: cfg.WorkerConcurrency,
		Lease:       cfg.WorkerLease,
		Poll:        time.Second,
	})
}

func run(lc fx.Lifecycle, w *jobs.Worker, h jobs.Handlers) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			kinds := make([]string, 0, len(h))
			for k := range h {
				kinds = append(kinds, k)
			}
			slog.Info("worker started", "kinds", kinds)
			go func() {
				defer close(done)
				w.Run(ctx)
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			<-done
			return nil
		},
	})
}
