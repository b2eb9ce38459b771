// Command reconciler is run by the scheduler once a day:
//
//	reconciler enqueue-recon   # queue yesterday's reconciliation per bank account
//	reconciler sweep-fees      # move accrued fiat fees to the revenue account
//
// A failed run exits non-zero and the scheduler starts it again.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/halyard/funding/internal/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: reconciler enqueue-recon|sweep-fees [flags]")
		os.Exit(2)
	}
	cfg, err := config.Load()
	if err != nil {
		log.Fatalf("config: %v", err)
	}
	j, cleanup, err := initializeJobs(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	switch os.Args[1] {
	case "enqueue-recon":
		fs := flag.NewFlagSet("enqueue-recon", flag.ExitOnError)
		date := fs.String("date", time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02"), "business date")
		accounts := fs.String("accounts", cfg.Bank.OmnibusAccount, "comma separated bank accounts")
		_ = fs.Parse(os.Args[2:])
		err = j.enqueueRecon(ctx, strings.Split(*accounts, ","), *date)
	case "sweep-fees":
		err = j.sweepFees(ctx, cfg.FeeCurrencies)
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		j.log.Error("reconciler failed", "cmd", os.Args[1], "err", err)
		cleanup()
		os.Exit(1)
	}
}
