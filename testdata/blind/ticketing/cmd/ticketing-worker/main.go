// Command ticketing-worker runs the background side of the platform: river
// job workers, Kafka consumers and the Temporal payout worker. Everything is
// wired by hand here.
package main

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
	"golang.org/x/sync/errgroup"

	"github.com/stagepass/ticketing/internal/barcode"
	"github.com/stagepass/ticketing/internal/config"
	"github.com/stagepass/ticketing/internal/db/migrations"
	"github.com/stagepass/ticketing/internal/delivery"
	"github.com/stagepass/ticketing/internal/holds"
	"github.com/stagepass/ticketing/internal/idgen"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/messaging/kafka"
	"github.com/stagepass/ticketing/internal/notify"
	"github.com/stagepass/ticketing/internal/partners"
	"github.com/stagepass/ticketing/internal/payments"
	"github.com/stagepass/ticketing/internal/payouts"
	"github.com/stagepass/ticketing/internal/refunds"
	"github.com/stagepass/ticketing/internal/scanning"
	"github.com/stagepass/ticketing/internal/store"
	"github.com/stagepass/ticketing/internal/tickets"
)

func main() {
	if err := run(); err != nil {
		slog.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run() error {
	cfg := config.Load()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := store.OpenPool(ctx, cfg.DatabaseURL, cfg.MaxDBConns)
	if err != nil {
		return err
	}
	defer pool.Close()

	if len(os.Args) > 1 && os.Args[1] == "migrate" {
		return migrate(ctx, pool)
	}

	st := store.New(pool)
	q := st.Queries()
	bunDB := store.OpenBun(pool)
	defer bunDB.Close()

	ids := idgen.NewULID()
	barcodes := barcode.NewDeriver(cfg.BarcodeSecret)
	gateway := payments.NewStripeGateway(cfg.StripeKey)
	mailer := notify.NewHTTPMailer(cfg.MailBaseURL, cfg.MailAPIKey)
	sms := notify.NewSMSGateway(cfg.SMSBaseURL, cfg.SMSAPIKey)
	links := delivery.StaticLinks{Base: "https://stagepass.example"}

	// Jobs enqueued from inside workers/consumers go through an insert-only
	// client so the executing client can be built after the worker table.
	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{})
	if err != nil {
		return err
	}

	// --- river ---------------------------------------------------------------
	workers := river.NewWorkers()
	river.AddWorker[jobs.IssueTicketsArgs](workers, &tickets.IssueWorker{
		Tx: st, IDs: idgen.Prefixed{Prefix: "tkt_", Inner: ids}, Barcodes: barcodes, Jobs: inserter,
	})
	river.AddWorker[jobs.DeliverTicketEmailArgs](workers, &delivery.EmailWorker{Q: q, Mailer: mailer, Links: links})
	river.AddWorker[jobs.DeliverTicketSMSArgs](workers, &delivery.SMSWorker{Q: q, SMS: sms, Links: links})
	river.AddWorker[jobs.RefundOrderArgs](workers, &refunds.Worker{
		Tx: st, Q: q, Gateway: gateway, Policy: refunds.DefaultPolicy{},
	})
	river.AddWorker[jobs.ExpireHoldsArgs](workers, &holds.ExpireWorker{Tx: st})

	riverClient, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 10},
			"tickets":          {MaxWorkers: 10},
			"delivery":         {MaxWorkers: 25},
			"refunds":          {MaxWorkers: 5},
		},
		Workers: workers,
		PeriodicJobs: []*river.PeriodicJob{
			river.NewPeriodicJob(river.PeriodicInterval(time.Minute),
				func() (river.JobArgs, *river.InsertOpts) { return jobs.ExpireHoldsArgs{}, nil },
				&river.PeriodicJobOpts{RunOnStart: true}),
		},
		JobTimeout: 2 * time.Minute,
	})
	if err != nil {
		return err
	}

	// --- kafka ---------------------------------------------------------------
	scans := &scanning.Consumers{Tx: st}
	webhooks := payments.NewWebhookConsumer(st, q, mailer, inserter)
	sales := &partners.SalesConsumer{DB: bunDB}

	router := kafka.NewRouter(kafka.Recover(), kafka.Timing(2*time.Second))
	for _, reg := range []struct {
		topic string
		h     kafka.HandlerFunc
		opts  []kafka.RouteOption
	}{
		{scanning.GateScanTopic, scans.HandleGateScan, []kafka.RouteOption{kafka.WithMaxAttempts(3), kafka.WithTimeout(5 * time.Second)}},
		{scanning.OfflineBatchTopic, scans.HandleOfflineBatch, nil},
		{payments.WebhookTopic, webhooks.Handle, []kafka.RouteOption{kafka.WithMaxAttempts(8)}},
		{partners.SalesTopic, sales.Handle, nil},
	} {
		router.Handle(reg.topic, reg.h, reg.opts...)
	}
	consumer, err := kafka.NewConsumer(kafka.Config{
		Brokers: cfg.KafkaBrokers, Group: cfg.KafkaGroup, ClientID: "ticketing-worker",
	}, router)
	if err != nil {
		return err
	}

	// --- temporal ------------------------------------------------------------
	tc, err := client.Dial(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNS})
	if err != nil {
		return fmt.Errorf("temporal dial: %w", err)
	}
	defer tc.Close()
	tw := worker.New(tc, cfg.PayoutTaskQueue, worker.Options{MaxConcurrentActivityExecutionSize: 20})
	tw.RegisterWorkflowWithOptions(payouts.Workflow, workflow.RegisterOptions{Name: payouts.WorkflowName})
	acts := &payouts.Activities{DB: bunDB, Gateway: gateway}
	for _, def := range acts.Definitions() {
		tw.RegisterActivityWithOptions(def.Fn, activity.RegisterOptions{Name: def.Name})
	}

	// --- run -----------------------------------------------------------------
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := riverClient.Start(gctx); err != nil {
			return err
		}
		<-gctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		return riverClient.Stop(sctx)
	})
	g.Go(func() error { return consumer.Run(gctx) })
	g.Go(func() error { return tw.Run(worker.InterruptCh()) })
	return g.Wait()
}

func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	names, err := migrations.Ordered()
	if err != nil {
		return err
	}
	for _, name := range names {
		sqlText, err := fs.ReadFile(migrations.FS(), name)
		if err != nil {
			return err
		}
		_, err = store.WithTx(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) (struct{}, error) {
			_, err := tx.Exec(ctx, string(sqlText))
			return struct{}{}, err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
		slog.Info("applied migration", "file", name)
	}
	return nil
}
