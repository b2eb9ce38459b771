// Command worker runs the asynq task handlers.
package main

import (
	"github.com/hibiken/asynq"

	"github.com/polyglotdesk/marketplace/internal/app"
	"github.com/polyglotdesk/marketplace/internal/config"
	"github.com/polyglotdesk/marketplace/internal/tasks"
	"github.com/polyglotdesk/marketplace/internal/worker"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		panic(err)
	}
	reg, err := app.Build(cfg)
	if err != nil {
		panic(err)
	}
	defer reg.Close()

	s := reg.Services
	h := &worker.Handlers{
		Prepass:      s.Prepass,
		Invoices:     s.Invoices,
		Settlement:   s.Settlement,
		Payouts:      s.Payouts,
		Deliverables: s.Deliverables,
		Emails:       s.Emails,
		Log:          reg.Log,
	}

	srv := asynq.NewServer(reg.Redis, asynq.Config{
		Concurrency: cfg.WorkerConcurrency,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
			tasks.QueueLow:      1,
		},
		Logger: nil,
	})
	if err := srv.Run(h.Mux()); err != nil {
		reg.Log.Error("worker stopped", "err", err)
	}
}
