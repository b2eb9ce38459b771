// Command settlement runs the wholesale settlement service: Kafka
// consumers for the market operator's topics, SQS pollers for internal
// work queues and provider events, and the admin API.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/golang-migrate/migrate/v4"
	migratepgx "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/segmentio/kafka-go"
	"golang.org/x/sync/errgroup"
	"gorm.io/gorm"

	"github.com/gridwise-energy/energysettle/internal/admin"
	"github.com/gridwise-energy/energysettle/internal/billing"
	"github.com/gridwise-energy/energysettle/internal/collections"
	"github.com/gridwise-energy/energysettle/internal/config"
	"github.com/gridwise-energy/energysettle/internal/consumer"
	"github.com/gridwise-energy/energysettle/internal/messaging"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
	"github.com/gridwise-energy/energysettle/internal/platform/ids"
	"github.com/gridwise-energy/energysettle/internal/poller"
	"github.com/gridwise-energy/energysettle/internal/provider/gocardless"
	"github.com/gridwise-energy/energysettle/internal/provider/regulator"
	"github.com/gridwise-energy/energysettle/internal/regulatory"
	"github.com/gridwise-energy/energysettle/internal/settlement"
	"github.com/gridwise-energy/energysettle/internal/statements"
	"github.com/gridwise-energy/energysettle/internal/store"
	"github.com/gridwise-energy/energysettle/migrations"
)

const paymentTermsDays = 14

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log); err != nil {
		log.Error("settlement service stopped", "err", err)
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

	db, err := store.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	if cfg.MigrationsAuto {
		if err := migrateUp(db, log); err != nil {
			return err
		}
	}

	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return fmt.Errorf("aws config: %w", err)
	}
	sqsClient := sqs.NewFromConfig(awsCfg)
	snsClient := sns.NewFromConfig(awsCfg)

	newID := ids.New
	now := clock.Now

	// Repositories bound to the root handle.
	marketStore := store.NewMarketStore(db)
	tradeStore := store.NewTradeStore(db)
	eventStore := store.NewEventStore(db)
	creditCoverStore := store.NewCreditCoverStore(db)
	billingStore := store.NewBillingStore(db)
	idempotencyStore := store.NewIdempotencyStore(db)
	paymentStore := store.NewPaymentStore(db)
	collectionStore := store.NewCollectionTx(db)
	statementStore := struct {
		*store.StatementStore
		*store.TradeStore
	}{store.NewStatementStore(db), tradeStore}
	filingStore := store.NewFilingStore(db)

	// Units of work: the same repositories bound to a transaction.
	tradeUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) settlement.TradeRepository { return store.NewTradeStore(tx) })
	imbalanceUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) settlement.ImbalanceRepository { return store.NewImbalanceStore(tx) })
	disputeUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) settlement.DisputeRepository { return store.NewDisputeStore(tx) })
	registrationUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) settlement.RegistrationRepository { return store.NewMarketStore(tx) })
	invoiceUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) billing.InvoiceRepository { return store.NewBillingStore(tx) })
	adjustmentUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) billing.AdjustmentRepository { return store.NewBillingStore(tx) })
	creditNoteUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) billing.CreditNoteRepository { return store.NewBillingTx(tx) })
	collectionUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) collections.CollectionRepository { return store.NewCollectionTx(tx) })
	eventUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) collections.EventRepository { return store.NewCollectionTx(tx) })
	payoutUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) collections.PayoutRepository { return store.NewPaymentStore(tx) })
	statementUOW := store.NewUnitOfWork(db, func(tx *gorm.DB) statements.Repository {
		return struct {
			*store.StatementStore
			*store.TradeStore
		}{store.NewStatementStore(tx), store.NewTradeStore(tx)}
	})

	// Provider and messaging clients.
	gc := gocardless.New(cfg.GoCardlessBaseURL, cfg.GoCardlessToken, cfg.GoCardlessVersion,
		gocardless.WithLogger(log.With("provider", "gocardless")),
		gocardless.WithKeyGenerator(newID),
	)
	reg := regulator.New(cfg.RegulatorBaseURL, cfg.RegulatorAPIKey, &http.Client{Timeout: 30 * time.Second}, log.With("provider", "regulator"))
	publisher := messaging.NewPublisher(snsClient, newID, "energysettle")
	recalcQueue := messaging.NewQueueSender(sqsClient, cfg.Queues.ImbalanceRecalc)
	collectionQueue := messaging.NewQueueSender(sqsClient, cfg.Queues.CollectionRequests)

	// Services.
	meterReads := settlement.NewMeterReadService(marketStore, recalcQueue, newID, now, log.With("svc", "meter-reads"))
	trades := settlement.NewTradeService(tradeStore, tradeUOW, log.With("svc", "trades"))
	imbalance := settlement.NewImbalanceService(imbalanceUOW, newID, now, log.With("svc", "imbalance"))
	prices := settlement.NewPriceService(marketStore, recalcQueue, log.With("svc", "prices"))
	registrations := settlement.NewRegistrationService(registrationUOW, now, log.With("svc", "registrations"))
	disputes := settlement.NewDisputeService(disputeUOW, eventStore, newID, now, log.With("svc", "disputes"))
	creditCover := settlement.NewCreditCoverService(creditCoverStore, publisher, cfg.Topics.Treasury, cfg.SupplierID, now, log.With("svc", "credit-cover"))

	invoices := billing.NewInvoiceService(invoiceUOW, collectionQueue, paymentTermsDays, newID, now, log.With("svc", "invoices"))
	dunning := billing.NewDunningService(billingStore, cfg.LateFeePence, cfg.DunningGraceDays, newID, now, log.With("svc", "dunning"))
	adjustments := billing.NewAdjustmentService(adjustmentUOW, newID, now, log.With("svc", "adjustments"))
	creditNotes := billing.NewCreditNoteService(creditNoteUOW, newID, now, log.With("svc", "credit-notes"))

	collectionSvc := collections.NewCollectionService(collectionUOW, collectionStore, gc, newID, now, log.With("svc", "collections"))
	refunds := collections.NewRefundService(paymentStore, gc, now, log.With("svc", "refunds"))
	paymentEvents := collections.NewEventService(eventUOW, paymentStore, newID, now, log.With("svc", "payment-events"))
	payouts := collections.NewPayoutService(payoutUOW, now, log.With("svc", "payouts"))
	mandates := collections.NewMandateService(collectionStore, gc, newID, now, log.With("svc", "mandates"))

	statementSvc := statements.NewService(statementStore, statementUOW, publisher, statements.Topics{
		Statements:     cfg.Topics.CounterpartyStatements,
		StatementsFIFO: cfg.Topics.CounterpartyStatementsFIFO,
	}, newID, now, log.With("svc", "statements"))
	filings := regulatory.NewService(filingStore, reg, cfg.RegulatorParticipant, newID, now, log.With("svc", "regulatory"))

	// Kafka consumers.
	dlq := &kafka.Writer{
		Addr:         kafka.TCP(cfg.KafkaBrokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
	}
	defer dlq.Close()
	readerFor := func(topic string) consumer.MessageReader {
		return kafka.NewReader(kafka.ReaderConfig{
			Brokers:        cfg.KafkaBrokers,
			GroupID:        cfg.KafkaGroupID,
			Topic:          topic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			MaxWait:        time.Second,
			CommitInterval: 0, // commit synchronously after each handled message
			StartOffset:    kafka.FirstOffset,
		})
	}
	runner := consumer.NewRunner(readerFor, dlq, cfg.KafkaDLQ, log.With("component", "kafka"))
	market := consumer.NewMarketHandlers(meterReads, trades, imbalance, prices, registrations, disputes, creditCover, log)

	// SQS pollers.
	sqsPoller := poller.New(sqsClient, log.With("component", "sqs"))
	queueHandlers := poller.NewHandlers(invoices, dunning, collectionSvc, refunds, paymentEvents, payouts, statementSvc, filings, imbalance, log)
	queues := queueHandlers.Queues(poller.QueueURLs{
		InvoiceRequests:     cfg.Queues.InvoiceRequests,
		CollectionRequests:  cfg.Queues.CollectionRequests,
		CollectionRetries:   cfg.Queues.CollectionRetries,
		RefundRequests:      cfg.Queues.RefundRequests,
		PaymentEvents:       cfg.Queues.PaymentEvents,
		PayoutEvents:        cfg.Queues.PayoutEvents,
		StatementRequests:   cfg.Queues.StatementRequests,
		StatementAcks:       cfg.Queues.StatementAcks,
		StatementDisputes:   cfg.Queues.StatementDisputes,
		RegulatorDaily:      cfg.Queues.RegulatorDaily,
		RegulatorAmendments: cfg.Queues.RegulatorAmendments,
		Dunning:             cfg.Queues.Dunning,
		ImbalanceRecalc:     cfg.Queues.ImbalanceRecalc,
	})

	// Admin API.
	srv := admin.NewServer(admin.Deps{
		Mandates:    mandates,
		CreditNotes: creditNotes,
		Adjustments: adjustments,
		Imbalance:   imbalance,
		Statements:  statementSvc,
		Payments:    collectionSvc,
		MeterReads:  meterReads,
		Filings:     filings,
		Idempotency: idempotencyStore,
		Token:       cfg.AdminToken,
		NewID:       newID,
		Log:         log.With("component", "admin"),
	})

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return runner.Run(gctx, market.Routes()) })
	g.Go(func() error {
		sqsPoller.Run(gctx, queues)
		return nil
	})
	g.Go(func() error {
		log.Info("admin API listening", "addr", cfg.AdminAddr)
		if err := srv.Start(cfg.AdminAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		<-gctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		return srv.Shutdown(shutdownCtx)
	})
	return g.Wait()
}

func migrateUp(db *gorm.DB, log *slog.Logger) error {
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return fmt.Errorf("migrations source: %w", err)
	}
	driver, err := migratepgx.WithInstance(sqlDB, &migratepgx.Config{})
	if err != nil {
		return fmt.Errorf("migrations driver: %w", err)
	}
	m, err := migrate.NewWithInstance("iofs", src, "pgx5", driver)
	if err != nil {
		return err
	}
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate up: %w", err)
	}
	v, dirty, _ := m.Version()
	log.Info("schema migrated", "version", v, "dirty", dirty)
	return nil
}
