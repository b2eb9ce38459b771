// Command cron runs from a Kubernetes CronJob every hour (backoffLimit 3).
// It finds work that has come due and enqueues it for the worker.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"

	"github.com/larchway/hoaops/internal/app"
	"github.com/larchway/hoaops/internal/config"
	"github.com/larchway/hoaops/internal/storage"
	"github.com/larchway/hoaops/internal/tasks"
)

func main() {
	only := flag.String("job", "", "run only this job")
	period := flag.String("period", "", "dues period to generate (YYYY-MM); defaults to the current month on its first day")
	flag.Parse()

	log := app.NewLogger().With("cmd", "cron")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	db, err := sqlx.ConnectContext(ctx, "postgres", cfg.DatabaseURL)
	if err != nil {
		log.Error("connect", "err", err)
		os.Exit(1)
	}
	defer db.Close()
	client := tasks.NewClient(cfg)
	defer client.Close()

	s := &scheduler{
		now:      time.Now().UTC(),
		period:   *period,
		client:   client,
		invoices: storage.NewInvoiceRepo(db),
		refunds:  storage.NewDepositRefundRepo(db),
		log:      log,
	}

	var failed error
	for _, j := range s.jobs() {
		if *only != "" && j.name != *only {
			continue
		}
		n, err := j.run(ctx)
		if err != nil {
			log.Error("job failed", "job", j.name, "err", err)
			failed = errors.Join(failed, err)
			continue
		}
		log.Info("job done", "job", j.name, "enqueued", n)
	}
	if failed != nil {
		os.Exit(1)
	}
}

type job struct {
	name string
	run  func(ctx context.Context) (int, error)
}

type scheduler struct {
	now      time.Time
	period   string
	client   *tasks.Client
	invoices *storage.InvoiceRepo
	refunds  *storage.DepositRefundRepo
	log      *slog.Logger
}

func (s *scheduler) jobs() []job {
	return []job{
		{name: "dues", run: s.dues},
		{name: "late-fees", run: s.lateFees},
		{name: "reminders", run: s.reminders},
		{name: "deposit-refunds", run: s.depositRefunds},
	}
}

// enqueueOnce enqueues a task under a deterministic id; an id that is
// already queued counts as done.
func (s *scheduler) enqueueOnce(ctx context.Context, typ string, payload any, id string, opts ...asynq.Option) (bool, error) {
	opts = append(opts, asynq.TaskID(id), asynq.Retention(72*time.Hour))
	_, err := s.client.Enqueue(ctx, typ, payload, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return false, nil
	}
	return err == nil, err
}

func (s *scheduler) dues(ctx context.Context) (int, error) {
	period := s.period
	if period == "" {
		if s.now.Day() != 1 {
			return 0, nil
		}
		period = s.now.Format("2006-01")
	}
	ok, err := s.enqueueOnce(ctx, tasks.TypeDuesGenerate, tasks.DuesGeneratePayload{Period: period},
		"dues:"+period, asynq.Queue(tasks.QueueDefault), asynq.MaxRetry(3), asynq.Timeout(30*time.Minute))
	if !ok {
		return 0, err
	}
	return 1, nil
}

func (s *scheduler) lateFees(ctx context.Context) (int, error) {
	ids, err := s.invoices.LateFeeCandidates(ctx, s.now)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		ok, err := s.enqueueOnce(ctx, tasks.TypeLateFeeAssess, tasks.InvoicePayload{InvoiceID: id},
			"late-fee:"+id.String(), asynq.Queue(tasks.QueueDefault))
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

func (s *scheduler) reminders(ctx context.Context) (int, error) {
	cands, err := s.invoices.ReminderCandidates(ctx, s.now)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range cands {
		ok, err := s.enqueueOnce(ctx, tasks.TypeDuesReminder,
			tasks.ReminderPayload{InvoiceID: c.InvoiceID, Stage: c.Stage},
			"reminder:"+c.InvoiceID.String()+":"+c.Stage, asynq.Queue(tasks.QueueNotices))
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

func (s *scheduler) depositRefunds(ctx context.Context) (int, error) {
	ids, err := s.refunds.Due(ctx, s.now)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		ok, err := s.enqueueOnce(ctx, tasks.TypeDepositRefund, tasks.ReservationPayload{ReservationID: id},
			"deposit-refund:"+id.String(), asynq.Queue(tasks.QueuePayments))
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}
