// Command jobs runs one scheduled batch job and exits:
//
//	jobs -job storage-accrual [-as-of 2024-11-01]
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

	"gorm.io/gorm/logger"

	"github.com/prairiegold/graincoop/internal/ach"
	appconfig "github.com/prairiegold/graincoop/internal/config"
	"github.com/prairiegold/graincoop/internal/jobs"
	"github.com/prairiegold/graincoop/internal/kafkax"
	"github.com/prairiegold/graincoop/internal/notify"
	"github.com/prairiegold/graincoop/internal/service"
	"github.com/prairiegold/graincoop/internal/store"
)

func main() {
	name := flag.String("job", "", "job to run")
	asOfFlag := flag.String("as-of", "", "run date (YYYY-MM-DD), default today")
	list := flag.Bool("list", false, "list jobs")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	if err := run(log, *name, *asOfFlag, *list); err != nil {
		log.Error("job run failed", "job", *name, "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, name, asOfFlag string, list bool) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := appconfig.Load()
	if err != nil {
		return err
	}
	asOf := time.Now().UTC()
	if asOfFlag != "" {
		if asOf, err = time.Parse("2006-01-02", asOfFlag); err != nil {
			return fmt.Errorf("-as-of: %w", err)
		}
	}

	gdb, err := store.Open(cfg.DatabaseURL, logger.Warn)
	if err != nil {
		return err
	}
	st := store.New(gdb)
	achClient := ach.New(cfg.ACHBaseURL, cfg.ACHAPIKey, cfg.ACHOriginatorID)
	mail := notify.NewEmail(cfg.EmailBaseURL, cfg.EmailAPIKey, cfg.EmailFrom)
	pub := kafkax.NewPublisher(cfg.KafkaBrokers, "graincoop-jobs")
	defer pub.Close()
	now := service.SystemClock

	storage := service.NewStorageService(st.Storage, st.Growers, mail, log, now)
	settlements := service.NewSettlementService(st, st.Repos, achClient, pub, log, now)
	deferred := service.NewDeferredPaymentService(st.Deferred, st.BankAccounts, achClient, log, now)

	reg := jobs.NewRegistry(log, jobs.Definitions(log, cfg.Season, storage, settlements, deferred)...)
	if list || name == "" {
		for _, n := range reg.Names() {
			fmt.Println(n)
		}
		return nil
	}
	return reg.Run(ctx, name, asOf)
}
