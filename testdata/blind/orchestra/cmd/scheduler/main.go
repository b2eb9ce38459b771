// Command scheduler enqueues the periodic asynq tasks and asks the worker
// to close each week's payroll period.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/harborlight-symphony/encore/internal/app"
	"github.com/harborlight-symphony/encore/internal/config"
	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/tasks"
)

type entry struct {
	cron    string
	typ     string
	payload any
	opts    []asynq.Option
}

var schedule = []entry{
	{cron: "*/15 * * * *", typ: tasks.TypeInstallmentSweep, opts: []asynq.Option{asynq.Queue(tasks.QueuePayments), asynq.Unique(14 * time.Minute)}},
	{cron: "0 10 * * *", typ: tasks.TypeReminderSweep, opts: []asynq.Option{asynq.Queue(tasks.QueueNotify), asynq.Unique(time.Hour)}},
	{cron: "30 6 * * *", typ: tasks.TypeMatchReconcile, payload: tasks.ReconcilePayload{LookbackHours: 72}, opts: []asynq.Option{asynq.Unique(time.Hour)}},
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "scheduler:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	s, cleanup, err := app.InitializeScheduler(cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	for _, e := range schedule {
		var body []byte
		if e.payload != nil {
			if body, err = json.Marshal(e.payload); err != nil {
				return err
			}
		}
		id, err := s.Scheduler.Register(e.cron, asynq.NewTask(e.typ, body), e.opts...)
		if err != nil {
			return fmt.Errorf("register %s: %w", e.typ, err)
		}
		s.Log.Info("scheduled", "type", e.typ, "cron", e.cron, "entry_id", id)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go closeLastWeek(ctx, s)

	if err := s.Scheduler.Start(); err != nil {
		return err
	}
	<-ctx.Done()
	s.Scheduler.Shutdown()
	return nil
}

// closeLastWeek asks the worker, once an hour, to close the previous pay
// period. The enqueue is keyed by period so only the first one sticks.
func closeLastWeek(ctx context.Context, s *app.Scheduler) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		start, _ := domain.PeriodFor(time.Now().UTC().AddDate(0, 0, -7))
		if err := s.Enqueuer.EnqueueClosePeriod(ctx, start); err != nil {
			s.Log.Error("enqueue payroll close", "period_start", start.Format(time.DateOnly), "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
