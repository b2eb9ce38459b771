// Command lockers-cron runs the scheduled jobs. Each job is one
// subcommand, scheduled as its own Kubernetes CronJob; a failed run is
// retried by the CronJob's backoffLimit and again at the next schedule.
//
//	lockers-cron expire-reservations   every 5 minutes
//	lockers-cron sweep-overdue         hourly
//	lockers-cron bill-parcels          daily 02:00
//	lockers-cron issue-invoices        monthly, 1st 06:00
//	lockers-cron host-payouts          monthly, 3rd 06:00
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/quayside/lockers/internal/billing"
	"github.com/quayside/lockers/internal/courier"
	"github.com/quayside/lockers/internal/hosts"
	"github.com/quayside/lockers/internal/notify"
	appconfig "github.com/quayside/lockers/internal/platform/config"
	"github.com/quayside/lockers/internal/platform/observe"
	"github.com/quayside/lockers/internal/provider/ledger"
	"github.com/quayside/lockers/internal/provider/payouts"
	"github.com/quayside/lockers/internal/provider/sms"
	"github.com/quayside/lockers/internal/returns"
	"github.com/quayside/lockers/internal/store"
	"github.com/quayside/lockers/internal/webhooks"
)

type job func(ctx context.Context) (string, error)

func main() {
	log := observe.NewLogger("lockers-cron", slog.LevelInfo)
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: lockers-cron <job>")
		os.Exit(2)
	}
	if err := run(log, os.Args[1]); err != nil {
		log.Error("job failed", "job", os.Args[1], "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, name string) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 45*time.Minute)
	defer cancel()

	cfg, err := appconfig.Load()
	if err != nil {
		return err
	}
	pool, err := store.Open(ctx, store.PoolConfig{DSN: cfg.DatabaseURL, MaxConns: 4, ApplicationName: "lockers-cron/" + name})
	if err != nil {
		return err
	}
	defer pool.Close()
	tx := store.NewTxRunner(pool)
	repos := store.NewRepos(pool)

	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.AWSRegion))
	if err != nil {
		return err
	}
	publisher := webhooks.NewSQSPublisher(sqs.NewFromConfig(awsCfg), cfg.WebhookQueueURL)

	smsClient := sms.New(cfg.TextbirdURL, sms.WithAPIKey(cfg.TextbirdKey))
	notifier := notify.NewSMSNotifier(notify.SenderFunc(func(ctx context.Context, to, body string) (string, error) {
		return smsClient.Send(ctx, sms.Message{To: to, Body: body})
	}), "Quayside")
	ledgerline := ledger.New(cfg.LedgerlineURL, ledger.WithAPIToken(cfg.LedgerlineTok))
	hostpay := payouts.New(cfg.HostPayURL,
		payouts.WithCredentials(cfg.HostPayID, cfg.HostPaySecret),
		payouts.WithFundingAccount(cfg.HostPayFunding))

	jobs := map[string]job{
		"expire-reservations": func(ctx context.Context) (string, error) {
			n, err := courier.NewExpirer(tx, 500).Run(ctx)
			return fmt.Sprintf("expired=%d", n), err
		},
		"sweep-overdue": func(ctx context.Context) (string, error) {
			sweeper := returns.NewSweeper(tx, repos, publisher, log,
				returns.WithBatchSize(cfg.OverdueBatchSize),
				returns.WithNotice(func(ctx context.Context, phone, lockerName, barcode string) error {
					return notifier.ReturnScheduled(ctx, notify.ReturnScheduled{Phone: phone, LockerName: lockerName, Barcode: barcode})
				}))
			n, err := sweeper.Run(ctx)
			return fmt.Sprintf("marked=%d", n), err
		},
		"bill-parcels": func(ctx context.Context) (string, error) {
			sum, err := billing.NewParcelBiller(tx, repos, cfg.BillingBatchSize, log).Run(ctx)
			return fmt.Sprintf("billed=%d cents=%d", sum.Billed, sum.Cents), err
		},
		"issue-invoices": func(ctx context.Context) (string, error) {
			n, err := billing.NewInvoiceRun(tx, repos, ledgerline, publisher, log).Run(ctx)
			return fmt.Sprintf("issued=%d", n), err
		},
		"host-payouts": func(ctx context.Context) (string, error) {
			sum, err := hosts.NewPayoutRun(tx, repos, hostpay, log).Run(ctx)
			return fmt.Sprintf("paid=%d skipped=%d failed=%d", sum.Paid, sum.Skipped, sum.Failed), err
		},
	}

	j, ok := jobs[name]
	if !ok {
		names := make([]string, 0, len(jobs))
		for n := range jobs {
			names = append(names, n)
		}
		sort.Strings(names)
		return fmt.Errorf("unknown job %q (have %v)", name, names)
	}
	start := time.Now()
	summary, err := j(ctx)
	log.Info("job finished", "job", name, "summary", summary, "duration", time.Since(start).String(), "ok", err == nil)
	return err
}
