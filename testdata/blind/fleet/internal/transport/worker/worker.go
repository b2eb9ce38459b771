package worker

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"golang.org/x/sync/errgroup"

	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/mq"
)

// Worker runs every background entry point of the fleet services.
type Worker struct {
	cfg     config.Config
	streams *Streams
	queues  *Queues
	tasks   *Tasks
	log     *slog.Logger
}

func NewWorker(cfg config.Config, streams *Streams, queues *Queues, tasks *Tasks, log *slog.Logger) *Worker {
	return &Worker{cfg: cfg, streams: streams, queues: queues, tasks: tasks, log: log}
}

// Run starts the task server, the scheduler and the consumers, and blocks
// until ctx is cancelled or a consumer fails.
func (w *Worker) Run(ctx context.Context) error {
	redis := mq.RedisOpt(w.cfg)
	srv := asynq.NewServer(redis, asynq.Config{
		Concurrency: w.cfg.WorkerConcurrency,
		Queues:      map[string]int{"payments": 5, "partners": 3, "notices": 2, "default": 1},
	})
	if err := srv.Start(w.tasks.Mux()); err != nil {
		return err
	}
	defer srv.Shutdown()

	sched := asynq.NewScheduler(redis, &asynq.SchedulerOpts{Location: time.UTC})
	if _, err := sched.Register("30 2 * * *", asynq.NewTask(domain.TaskSettlement, nil),
		asynq.Queue("payments"), asynq.MaxRetry(5), asynq.Unique(6*time.Hour)); err != nil {
		return err
	}
	if err := sched.Start(); err != nil {
		return err
	}
	defer sched.Shutdown()

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return w.streams.Run(ctx) })
	g.Go(func() error { return w.queues.Run(ctx) })
	err := g.Wait()
	w.log.Info("worker stopping", "err", err)
	return err
}
