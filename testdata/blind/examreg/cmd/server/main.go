// Command server runs the exam registration API, the Kafka consumers, the
// in-process event subscribers and the background workers.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/lexicaassess/examreg/internal/api"
	"github.com/lexicaassess/examreg/internal/commands"
	"github.com/lexicaassess/examreg/internal/config"
	"github.com/lexicaassess/examreg/internal/consumer"
	"github.com/lexicaassess/examreg/internal/platform/bus"
	"github.com/lexicaassess/examreg/internal/platform/dbx"
	"github.com/lexicaassess/examreg/internal/platform/events"
	"github.com/lexicaassess/examreg/internal/platform/kafkax"
	"github.com/lexicaassess/examreg/internal/provider/notify"
	"github.com/lexicaassess/examreg/internal/provider/printpost"
	"github.com/lexicaassess/examreg/internal/provider/sms"
	"github.com/lexicaassess/examreg/internal/provider/stripepay"
	"github.com/lexicaassess/examreg/internal/repo"
	"github.com/lexicaassess/examreg/internal/service/certificate"
	"github.com/lexicaassess/examreg/internal/service/notification"
	"github.com/lexicaassess/examreg/internal/service/payment"
	"github.com/lexicaassess/examreg/internal/service/refund"
	"github.com/lexicaassess/examreg/internal/service/registration"
	"github.com/lexicaassess/examreg/internal/service/results"
	"github.com/lexicaassess/examreg/internal/service/seating"
	"github.com/lexicaassess/examreg/internal/service/withdrawal"
	"github.com/lexicaassess/examreg/internal/subscribers"
	"github.com/lexicaassess/examreg/internal/worker"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log); err != nil {
		log.Error("server exited", "err", err)
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

	// --- infrastructure -------------------------------------------------
	db, err := dbx.Open(dbx.Options{
		DSN:             cfg.DSN,
		MaxOpenConns:    40,
		MaxIdleConns:    10,
		ConnMaxLifetime: 30 * time.Minute,
	})
	if err != nil {
		return err
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	busMetrics := bus.NewMetrics(reg)

	evbus, err := events.NewBus(events.BusOptions{Logger: log, MaxRetries: 5, RetryInterval: time.Second})
	if err != nil {
		return err
	}
	producer := kafkax.NewProducer(kafkax.ProducerOptions{Brokers: cfg.KafkaBrokers})
	defer producer.Close()

	// --- providers ------------------------------------------------------
	stripeClient := stripepay.New(stripepay.Options{
		SecretKey:                 cfg.StripeSecretKey,
		WebhookSecret:             cfg.StripeWebhookSecret,
		StatementDescriptorSuffix: "EXAM FEE",
	})
	printClient := printpost.New(printpost.Options{
		BaseURL:       cfg.PrintBaseURL,
		APIKey:        cfg.PrintAPIKey,
		WebhookSecret: cfg.PrintWebhookSecret,
	})
	mailer := notify.NewMailer(notify.Options{BaseURL: cfg.MailBaseURL, Token: cfg.MailToken, From: cfg.MailFrom})
	texter := sms.New(sms.Options{
		BaseURL:   cfg.SMSBaseURL,
		AccountID: cfg.SMSAccountID,
		AuthToken: cfg.SMSAuthToken,
		Sender:    cfg.SMSSender,
	})

	// --- repositories ---------------------------------------------------
	candidates := repo.NewCandidates(db)
	sessions := repo.NewSessions(db)
	registrations := repo.NewRegistrations(db)
	payments := repo.NewPayments(db)
	resultsRepo := repo.NewResults(db)
	certs := repo.NewCertificates(db)
	outbox := repo.NewOutbox(db)
	centreEvents := repo.NewCentreEvents(db)
	lookup := repo.Lookup{Results: resultsRepo, Registrations: registrations, Candidates: candidates}

	// --- services -------------------------------------------------------
	registrationSvc := registration.New(db, sessions, registrations, candidates, registration.Options{
		HoldTTL: cfg.HoldTTL,
		Cutoff:  cfg.RegistrationStop,
	})
	paymentSvc := payment.New(payment.Deps{
		DB:        db,
		Gateway:   stripeClient,
		Payments:  payments,
		Regs:      registrations,
		Seats:     sessions,
		Publisher: evbus,
	})
	withdrawalSvc := withdrawal.New(registrations, sessions, payments, evbus, withdrawal.DefaultPolicy)
	refundSvc := refund.New(db, stripeClient, payments, log.With("svc", "refund"))
	resultsSvc := results.New(db, resultsRepo, outbox)
	certificateSvc := certificate.New(db, certs, lookup, printClient, evbus, certificate.Options{})
	seatingSvc := seating.New(db, sessions, registrations, payments, centreEvents, seating.Options{
		VoucherMinor: cfg.VoucherMinor,
		Logger:       log.With("svc", "seating"),
	})
	notificationSvc := notification.New(mailer, registrations, cfg.MailLocale)

	// --- command bus ----------------------------------------------------
	cmdBus := bus.New()
	commands.Install(cmdBus, commands.Services{
		Registrar:  registrationSvc,
		Fees:       paymentSvc,
		Withdrawer: withdrawalSvc,
		Reissuer:   certificateSvc,
		Owner: func(ctx context.Context, registrationID, candidateID string) (bool, error) {
			r, err := registrations.Get(ctx, registrationID)
			if err != nil {
				return false, err
			}
			return r.CandidateID == candidateID, nil
		},
	}, log, busMetrics)

	// --- in-process subscribers -----------------------------------------
	subscribers.Register(evbus, subscribers.Deps{
		Confirmations: notificationSvc,
		Refunds:       refundSvc,
		PrintOrders:   certificateSvc,
	})

	// --- HTTP -----------------------------------------------------------
	router := api.NewRouter(api.Options{
		Bus:           cmdBus,
		Logger:        log,
		Gatherer:      reg,
		Profiles:      registrationSvc,
		Accommodation: registrationSvc,
		Scoring:       api.NewScoringWebhook(resultsSvc, cfg.ScoringSecret, log),
		Stripe:        api.NewStripeWebhook(stripeClient, payments, paymentSvc, log),
		Print:         api.NewPrintWebhook(certificateSvc, printClient, log),
	})
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}

	// --- Kafka consumers ------------------------------------------------
	resultsConsumer := kafkax.NewConsumer(kafkax.ConsumerOptions{
		Brokers: cfg.KafkaBrokers,
		GroupID: cfg.ResultsGroup,
		Topic:   cfg.ResultsTopic,
		Logger:  log,
	}, consumer.NewResults(certificateSvc, notificationSvc, lookup, log).Handle)
	seatConsumer := kafkax.NewConsumer(kafkax.ConsumerOptions{
		Brokers: cfg.KafkaBrokers,
		GroupID: cfg.SeatEventsGroup,
		Topic:   cfg.SeatEventsTopic,
		Logger:  log,
	}, consumer.NewSeatEvents(seatingSvc, texter, log).Handle)

	// --- run ------------------------------------------------------------
	var wg sync.WaitGroup
	errc := make(chan error, 4)
	spawn := func(name string, fn func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(ctx); err != nil && !errors.Is(err, context.Canceled) {
				errc <- errors.Join(errors.New(name), err)
				stop()
			}
		}()
	}
	spawn("events", evbus.Run)
	spawn("results-consumer", resultsConsumer.Run)
	spawn("seat-consumer", seatConsumer.Run)
	background := func(name string, every time.Duration, task worker.Task) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker.Every(ctx, log, name, every, task)
		}()
	}
	background("outbox-relay", cfg.OutboxInterval, worker.NewOutboxRelay(db, outbox, producer, 200).Pass)
	background("refund-queue", cfg.RefundInterval, worker.RefundQueue(refundSvc, log, 50))
	background("hold-sweeper", cfg.HoldSweepEvery, worker.NewHoldSweeper(db, registrations, sessions, log).Pass)

	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
			stop()
		}
	}()

	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = srv.Shutdown(shutdownCtx)
	_ = evbus.Close()
	wg.Wait()

	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}
