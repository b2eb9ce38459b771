// Command cron runs one scheduled task and exits. Each task is a
// Kubernetes CronJob; a failed run is retried by the job controller.
//
//	cron reminders | statements | payouts
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"time"

	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/billing"
	"github.com/brightsmile-dental/practiceops/internal/config"
	"github.com/brightsmile-dental/practiceops/internal/payouts"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/jobqueue"
	"github.com/brightsmile-dental/practiceops/internal/providers/stripepay"
	"github.com/brightsmile-dental/practiceops/internal/reminders"
)

type task func(ctx context.Context) error

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	db, err := database.Open(cfg.DatabaseURL, 5)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	tasks := buildTasks(cfg, db, log)
	if len(os.Args) < 2 || tasks[os.Args[1]] == nil {
		names := make([]string, 0, len(tasks))
		for n := range tasks {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(os.Stderr, "usage: cron <%v>\n", names)
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	start := time.Now()
	if err := tasks[os.Args[1]](ctx); err != nil {
		log.Error("task failed", "task", os.Args[1], "err", err, "took", time.Since(start))
		os.Exit(1)
	}
	log.Info("task finished", "task", os.Args[1], "took", time.Since(start))
}

func buildTasks(cfg config.Config, db *gorm.DB, log *slog.Logger) map[string]task {
	queue := jobqueue.New(db)
	gateway := stripepay.New(cfg.StripeSecretKey)

	scheduler := reminders.NewScheduler(db, queue, log)
	statements := billing.NewStatementRunner(db, queue, log)
	payoutSvc := payouts.NewService(db, gateway, log)

	return map[string]task{
		"reminders": func(ctx context.Context) error {
			_, err := scheduler.EnqueueDue(ctx, reminders.EnqueueDueInput{Now: time.Now().UTC(), Windows: reminders.DefaultWindows})
			return err
		},
		"statements": func(ctx context.Context) error {
			out, err := statements.GenerateCycle(ctx, billing.GenerateCycleInput{
				CycleDate:       today(),
				MinBalanceCents: 500,
			})
			log.Info("statements generated", "generated", out.Generated, "voided", out.Voided)
			return err
		},
		"payouts": func(ctx context.Context) error {
			out, err := payoutSvc.Run(ctx, payouts.RunInput{PeriodEnd: today(), MinimumCents: 100})
			log.Info("payouts", "resumed", out.Resumed, "created", out.Created, "failed", out.Failed, "total_cents", out.TotalCents)
			return err
		},
	}
}

func today() time.Time {
	y, m, d := time.Now().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
