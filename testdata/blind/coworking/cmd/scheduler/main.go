// Command scheduler registers the periodic asynq tasks. Run exactly one
// instance per environment.
package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/deskhive/coworking/internal/tasks"
)

type entry struct {
	spec string
	typ  string
	opts []asynq.Option
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	redisAddr := os.Getenv("REDIS_ADDR")
	if redisAddr == "" {
		redisAddr = "127.0.0.1:6379"
	}
	loc, err := time.LoadLocation(envOr("TZ_NAME", "Europe/Amsterdam"))
	if err != nil {
		log.Error("load timezone", "err", err)
		os.Exit(1)
	}

	s := asynq.NewScheduler(asynq.RedisClientOpt{Addr: redisAddr}, &asynq.SchedulerOpts{Location: loc})

	entries := []entry{
		{spec: "@every 15s", typ: tasks.TypeOutboxRelay, opts: []asynq.Option{asynq.Queue(tasks.QueueCritical), asynq.MaxRetry(0), asynq.Unique(15 * time.Second)}},
		{spec: "0 7 * * *", typ: tasks.TypeGuestReminders, opts: []asynq.Option{asynq.Queue(tasks.QueueDefault)}},
		{spec: "0 2 1 * *", typ: tasks.TypeMonthlyClose, opts: []asynq.Option{asynq.Queue(tasks.QueueDefault), asynq.MaxRetry(10)}},
		{spec: "30 2 1 * *", typ: tasks.TypeUsageRollup, opts: []asynq.Option{asynq.Queue(tasks.QueueLow)}},
	}
	for _, e := range entries {
		// Empty payloads: handlers default to "today" / "previous month".
		id, err := s.Register(e.spec, asynq.NewTask(e.typ, []byte("{}")), e.opts...)
		if err != nil {
			log.Error("register periodic task", "type", e.typ, "err", err)
			os.Exit(1)
		}
		log.Info("registered", "type", e.typ, "spec", e.spec, "entry", id)
	}
	if err := s.Run(); err != nil {
		log.Error("scheduler stopped", "err", err)
		os.Exit(1)
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
