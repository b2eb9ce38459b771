// Command cron runs one scheduled task and exits: cron <task>.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/vinoteca/wineclub/internal/config"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	if len(os.Args) < 2 {
		log.Error("usage: cron <task>")
		os.Exit(2)
	}
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	tasks, cleanup, err := initializeTasks(cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	name := os.Args[1]
	start := time.Now()
	err = tasks.Run(ctx, name, start)
	stop()
	cleanup()
	if err != nil {
		log.Error("task failed", "task", name, "took", time.Since(start), "err", err)
		os.Exit(1)
	}
	log.Info("task done", "task", name, "took", time.Since(start))
}
