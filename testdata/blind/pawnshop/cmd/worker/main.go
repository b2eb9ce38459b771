// Command worker runs the River job workers: police reports, reminders,
// forfeitures, auction consignment and settlement, receipts.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"github.com/ironvault/pawnline/internal/config"
	"github.com/ironvault/pawnline/internal/jobargs"
	"github.com/ironvault/pawnline/internal/jobs"
	"github.com/ironvault/pawnline/internal/postgres"
	"github.com/ironvault/pawnline/internal/providers/auctionhub"
	"github.com/ironvault/pawnline/internal/providers/httpx"
	"github.com/ironvault/pawnline/internal/providers/leadsnet"
	"github.com/ironvault/pawnline/internal/providers/postbox"
	"github.com/ironvault/pawnline/internal/providers/textline"
	"github.com/ironvault/pawnline/internal/service"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := postgres.Open(ctx, cfg.DatabaseURL, postgres.Options{MaxOpenConns: cfg.MaxOpenConns})
	if err != nil {
		return err
	}
	defer db.Close()

	// The client is built from the workers, and some services enqueue
	// follow-up jobs, so the queue is bound once the client exists.
	queue := jobs.NewQueue(nil)

	now := service.Clock(time.Now)
	tx := postgres.NewTransactor(db)
	loans := postgres.NewLoanRepo(db)
	items := postgres.NewItemRepo(db)
	customers := postgres.NewCustomerRepo(db)
	branches := postgres.NewBranchRepo(db)
	payments := postgres.NewPaymentRepo(db)

	sms := textline.New(cfg.TextlineBaseURL, cfg.TextlineAPIKey,
		textline.WithSender(cfg.TextlineSender),
		textline.WithDoer(httpx.DefaultClient(10*time.Second)))
	email := postbox.New(cfg.PostboxBaseURL, cfg.PostboxToken, cfg.PostboxFrom, postbox.WithMessageStream("receipts"))
	police := leadsnet.New(cfg.LeadsNetBaseURL, cfg.LeadsNetUser, cfg.LeadsNetPassword)
	partner := auctionhub.New(cfg.AuctionHubBaseURL, cfg.AuctionHubAPIKey, cfg.AuctionHubConsignorID)

	policeSvc := service.NewPoliceReportService(loans, items, customers, branches, police, now)
	forfeitSvc := service.NewForfeitureService(tx, loans, items, postgres.NewForfeitureRepo(db), queue, now)
	messagingSvc := service.NewMessagingService(tx, loans, customers, branches, postgres.NewMessageRepo(db), sms, queue, log, now)
	receiptSvc := service.NewReceiptService(loans, customers, branches, payments, email, now)
	auctionSvc := service.NewAuctionService(tx, postgres.NewAuctionRepo(db), items, loans, postgres.NewCreditRepo(db), partner, queue, now)

	workers := river.NewWorkers()
	kinds := jobs.Register(workers, jobs.Deps{
		Police:     policeSvc,
		Forfeiture: forfeitSvc,
		Messaging:  messagingSvc,
		Receipts:   receiptSvc,
		Auction:    auctionSvc,
	})

	client, err := river.NewClient(riverdatabasesql.New(db.DB), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:     {MaxWorkers: 10},
			jobargs.QueueMessaging: {MaxWorkers: 5},
			jobargs.QueuePartners:  {MaxWorkers: 4},
		},
		Workers:              workers,
		RescueStuckJobsAfter: 15 * time.Minute,
	})
	if err != nil {
		return err
	}
	queue.Bind(client)

	forfeitSvc.ScheduleListing = func(ctx context.Context, itemID uuid.UUID) error {
		_, err := client.Insert(ctx, jobargs.AuctionListing{ItemID: itemID}, nil)
		return err
	}

	if err := client.Start(ctx); err != nil {
		return err
	}
	log.Info("worker started", "kinds", kinds)
	<-ctx.Done()

	stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return client.Stop(stopCtx)
}
