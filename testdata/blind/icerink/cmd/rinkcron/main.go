// Command rinkcron runs the scheduled RinkOps jobs. Each invocation runs one
// job and exits non-zero on failure; the Kubernetes CronJob that launches it
// has backoffLimit 3, so a failed run is started again from the top.
//
//	rinkcron export-schedule
//	rinkcron attendance-rollup [-day 2025-01-31]
//	rinkcron renewal-sweep
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/frostline-arena/rinkops/internal/app"
	"github.com/frostline-arena/rinkops/internal/leagues"
	"github.com/frostline-arena/rinkops/internal/passes"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/fixtures"
	"github.com/frostline-arena/rinkops/internal/providers/mailer"
	"github.com/frostline-arena/rinkops/internal/reports"
)

type job struct {
	name string
	help string
	run  func(ctx context.Context, env *env, args []string) error
}

// env is the hand-wired dependency graph the jobs share; each job only
// touches what it needs.
type env struct {
	cfg     *platform.Config
	log     *slog.Logger
	cleanup []func()

	pool  func() (*platformPool, error)
	queue func() platform.Enqueuer
}

var jobs = []job{
	{
		name: "export-schedule",
		help: "push unexported league games to the fixtures portal",
		run: func(ctx context.Context, e *env, _ []string) error {
			p, err := e.pool()
			if err != nil {
				return err
			}
			exporter := leagues.NewScheduleExporter(leagues.NewStore(p.Pool), fixtures.New(e.cfg.Fixtures), e.log)
			n, err := exporter.Run(ctx)
			e.log.InfoContext(ctx, "schedule export", "fixtures", n, "err", err)
			return err
		},
	},
	{
		name: "attendance-rollup",
		help: "write yesterday's attendance per rink and mail the summary",
		run: func(ctx context.Context, e *env, args []string) error {
			fs := flag.NewFlagSet("attendance-rollup", flag.ContinueOnError)
			dayFlag := fs.String("day", "", "day to roll up (YYYY-MM-DD); defaults to yesterday")
			if err := fs.Parse(args); err != nil {
				return err
			}
			day := time.Now().UTC().AddDate(0, 0, -1).Truncate(24 * time.Hour)
			if *dayFlag != "" {
				d, err := time.Parse(time.DateOnly, *dayFlag)
				if err != nil {
					return err
				}
				day = d
			}
			p, err := e.pool()
			if err != nil {
				return err
			}
			rollup := reports.NewAttendanceRollup(p.Pool, mailer.New(e.cfg.Mailer), e.cfg.Facilities.ManagerEmail, e.log)
			return rollup.Run(ctx, day)
		},
	},
	{
		name: "renewal-sweep",
		help: "queue passes:renew tasks for passes coming due",
		run: func(ctx context.Context, e *env, _ []string) error {
			p, err := e.pool()
			if err != nil {
				return err
			}
			sweep := passes.NewRenewalSweep(passes.NewStore(p.Pool), e.queue(), e.log)
			_, err = sweep.Run(ctx, time.Now().UTC())
			return err
		},
	},
}

func main() {
	log := app.NewLogger("rinkcron")
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	var selected *job
	for i := range jobs {
		if jobs[i].name == os.Args[1] {
			selected = &jobs[i]
		}
	}
	if selected == nil {
		usage()
		os.Exit(2)
	}

	cfg, err := platform.LoadConfig()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()

	e := newEnv(ctx, cfg, log.With("job", selected.name))
	err = selected.run(ctx, e, os.Args[2:])
	e.close()
	if err != nil {
		log.Error("job failed", "job", selected.name, "err", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: rinkcron <job> [flags]")
	for _, j := range jobs {
		fmt.Fprintf(os.Stderr, "  %-18s %s\n", j.name, j.help)
	}
}
