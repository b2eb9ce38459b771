// Command scheduler enqueues the periodic billing and delinquency tasks.
//
// The monthly billing run fires at 06:00 on the 1st in the billing time zone;
// the delinquency sweep runs every morning. Use -backfill YYYY-MM to queue a
// billing run for one period by hand.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/baywarden/storagedesk/internal/config"
	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/queue"
)

type app struct {
	cfg       config.Config
	log       *slog.Logger
	redis     asynq.RedisClientOpt
	scheduler *asynq.Scheduler
}

func newApp(cfg config.Config, log *slog.Logger) *app {
	redis := asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB}
	loc := cfg.Location()
	return &app{
		cfg:   cfg,
		log:   log,
		redis: redis,
		scheduler: asynq.NewScheduler(redis, &asynq.SchedulerOpts{
			Location: loc,
			PostEnqueueFunc: func(info *asynq.TaskInfo, err error) {
				if err != nil {
					log.Error("scheduled enqueue failed", "err", err)
					return
				}
				log.Info("scheduled task enqueued", "type", info.Type, "id", info.ID)
			},
		}),
	}
}

type entry struct {
	spec    string
	task    string
	payload any
	opts    []asynq.Option
}

func (a *app) entries() []entry {
	return []entry{
		{
			spec:    "0 6 1 * *",
			task:    queue.TypeMonthlyRun,
			payload: queue.MonthlyRunPayload{},
			opts:    []asynq.Option{asynq.Queue(queue.QueueCritical), asynq.Unique(23 * time.Hour), asynq.MaxRetry(10)},
		},
		{
			spec:    "30 7 * * *",
			task:    queue.TypeDelinquencySweep,
			payload: queue.SweepPayload{},
			opts:    []asynq.Option{asynq.Queue(queue.QueueDefault), asynq.Unique(20 * time.Hour), asynq.MaxRetry(5)},
		},
	}
}

func (a *app) register() error {
	for _, e := range a.entries() {
		b, err := json.Marshal(e.payload)
		if err != nil {
			return err
		}
		id, err := a.scheduler.Register(e.spec, asynq.NewTask(e.task, b), e.opts...)
		if err != nil {
			return err
		}
		a.log.Info("registered", "task", e.task, "spec", e.spec, "entry", id)
	}
	return nil
}

// backfill queues one billing run for period.
func (a *app) backfill(ctx context.Context, period string) error {
	if _, err := domain.Period(period).Start(a.cfg.Location()); err != nil {
		return err
	}
	client := asynq.NewClient(a.redis)
	defer client.Close()
	return queue.NewClient(client).Enqueue(ctx, queue.TypeMonthlyRun, queue.MonthlyRunPayload{Period: period},
		queue.ID("monthly-run", period), asynq.Queue(queue.QueueCritical), asynq.MaxRetry(10))
}

func main() {
	backfill := flag.String("backfill", "", "enqueue one monthly billing run for YYYY-MM and exit")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	a := newApp(cfg, log)

	if *backfill != "" {
		if err := a.backfill(context.Background(), *backfill); err != nil {
			log.Error("backfill", "period", *backfill, "err", err)
			os.Exit(1)
		}
		log.Info("backfill queued", "period", *backfill)
		return
	}

	if err := a.register(); err != nil {
		log.Error("register", "err", err)
		os.Exit(1)
	}
	if err := a.scheduler.Run(); err != nil {
		log.Error("scheduler", "err", err)
		os.Exit(1)
	}
}
