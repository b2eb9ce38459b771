// Command nightly runs the end-of-day steps from cron:
//
//	nightly snapshot [-night YYYY-MM-DD]   record occupancy per location
//	nightly settle   [-night YYYY-MM-DD]   enqueue franchise settlements
//
// The night defaults to yesterday in SETTLEMENT_TZ.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/pawsandstay/kennel/internal/app"
	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/internal/platform/queue"
	"github.com/pawsandstay/kennel/internal/settlement"
)

func usage() {
	fmt.Fprintln(os.Stderr, "usage: nightly snapshot|settle [-night YYYY-MM-DD]")
	os.Exit(2)
}

func resolveNight(cfg *config.Config, flagValue string) (time.Time, error) {
	if flagValue != "" {
		return time.Parse("2006-01-02", flagValue)
	}
	loc, err := time.LoadLocation(cfg.SettlementTimezone)
	if err != nil {
		return time.Time{}, err
	}
	y, m, d := time.Now().In(loc).AddDate(0, 0, -1).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	step := os.Args[1]
	fs := flag.NewFlagSet(step, flag.ExitOnError)
	nightFlag := fs.String("night", "", "night to process (YYYY-MM-DD)")
	_ = fs.Parse(os.Args[2:])

	c, err := app.Core()
	if err != nil {
		log.Fatal(err)
	}
	if err := app.Nightly(c); err != nil {
		log.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()

	switch step {
	case "snapshot":
		err = c.Invoke(func(cfg *config.Config, s *settlement.Snapshotter) error {
			night, err := resolveNight(cfg, *nightFlag)
			if err != nil {
				return err
			}
			_, err = s.Run(ctx, night)
			return err
		})
	case "settle":
		err = c.Invoke(func(cfg *config.Config, _ *queue.Client, s *settlement.Scheduler) error {
			night, err := resolveNight(cfg, *nightFlag)
			if err != nil {
				return err
			}
			_, err = s.Run(ctx, night)
			return err
		})
	default:
		usage()
	}
	if err != nil {
		log.Fatal(err)
	}
}
