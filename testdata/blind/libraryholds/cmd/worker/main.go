// Command worker runs the asynq task server (notices, autopay, outbox
// relay) and the scheduler entry that drives the outbox relay.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/shelfwise-labs/branchline/internal/app"
	"github.com/shelfwise-labs/branchline/internal/config"
	"github.com/shelfwise-labs/branchline/internal/tasks"
)

type workerApp struct {
	mux *asynq.ServeMux
}

func main() {
	log := app.ProvideLogger()
	cfg, err := config.FromEnv()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := initializeWorker(ctx, cfg, log)
	if err != nil {
		log.Error("initialize", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	redis := asynq.RedisClientOpt{Addr: cfg.RedisAddr}
	srv := asynq.NewServer(redis, asynq.Config{
		Concurrency: 10,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
		},
		ShutdownTimeout: 20 * time.Second,
	})

	sched := asynq.NewScheduler(redis, &asynq.SchedulerOpts{Location: time.UTC})
	if _, err := sched.Register("@every 30s", asynq.NewTask(tasks.TypeOutboxRelay, nil),
		asynq.Queue(tasks.QueueDefault), asynq.MaxRetry(0), asynq.Unique(25*time.Second)); err != nil {
		log.Error("register outbox relay", "err", err)
		os.Exit(1)
	}
	if err := sched.Start(); err != nil {
		log.Error("scheduler", "err", err)
		os.Exit(1)
	}
	defer sched.Shutdown()

	if err := srv.Start(a.mux); err != nil {
		log.Error("asynq server", "err", err)
		os.Exit(1)
	}
	<-ctx.Done()
	srv.Shutdown()
}
