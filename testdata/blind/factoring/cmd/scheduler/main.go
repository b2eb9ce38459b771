// Command scheduler plans the daily batch. It is run by cron shortly after
// midnight and may be re-run for the same day.
package main

import (
	"context"
	"flag"
	"os"
	"time"

	"github.com/kestrelfin/factoring/internal/app"
	"github.com/kestrelfin/factoring/internal/config"
	"github.com/kestrelfin/factoring/internal/platform/database"
	"github.com/kestrelfin/factoring/internal/platform/logging"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/scheduler"
)

func main() {
	at := flag.String("date", "", "business date to plan (YYYY-MM-DD), today by default")
	flag.Parse()

	cfg := config.Load()
	log := logging.New(cfg)

	db, cleanup, err := database.Open(cfg, log)
	if err != nil {
		log.Error("open database", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	loc, err := app.NewSchedulerLocation(cfg)
	if err != nil {
		log.Error("scheduler timezone", "err", err)
		os.Exit(1)
	}
	now := time.Now()
	if *at != "" {
		if now, err = time.ParseInLocation(time.DateOnly, *at, loc); err != nil {
			log.Error("bad -date", "err", err)
			os.Exit(2)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	planner := scheduler.NewPlanner(repo.NewStore(db), loc, log)
	if err := planner.Plan(ctx, now); err != nil {
		log.Error("plan daily batch", "err", err)
		os.Exit(1)
	}
}
