package main

import (
	"flag"

	"github.com/kestrelfin/factoring/internal/config"
)

func loadConfig() config.Config {
	cfg := config.Load()
	concurrency := flag.Int("concurrency", cfg.WorkerConcurrency, "tasks run in parallel")
	id := flag.String("id", cfg.WorkerID, "worker identity recorded on leased tasks")
	flag.Parse()
	cfg.WorkerConcurrency = *concurrency
	cfg.WorkerID = *id
	return cfg
}
