// Command clearinghouse runs the ClaimBridge API, the payer event
// consumer, the internal event router and the claim submission worker in
// one process.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/gin-gonic/gin"
	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/dig"
	"golang.org/x/sync/errgroup"

	"github.com/medbridge-health/clearinghouse/internal/config"
	"github.com/medbridge-health/clearinghouse/internal/consumer"
	"github.com/medbridge-health/clearinghouse/internal/events"
	"github.com/medbridge-health/clearinghouse/internal/httpapi"
	"github.com/medbridge-health/clearinghouse/internal/mailing"
	"github.com/medbridge-health/clearinghouse/internal/messaging"
	"github.com/medbridge-health/clearinghouse/internal/outbound"
	"github.com/medbridge-health/clearinghouse/internal/payer"
	"github.com/medbridge-health/clearinghouse/internal/payments"
	"github.com/medbridge-health/clearinghouse/internal/platform/clock"
	"github.com/medbridge-health/clearinghouse/internal/platform/db"
	"github.com/medbridge-health/clearinghouse/internal/platform/ids"
	"github.com/medbridge-health/clearinghouse/internal/practicehooks"
	"github.com/medbridge-health/clearinghouse/internal/repository"
	"github.com/medbridge-health/clearinghouse/internal/service"
	"github.com/medbridge-health/clearinghouse/internal/workflow"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	slog.SetDefault(log)

	c, err := buildContainer(log)
	if err != nil {
		log.Error("build container", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		log.Error("clearinghouse stopped", "err", err)
		os.Exit(1)
	}
}

func buildContainer(log *slog.Logger) (*dig.Container, error) {
	c := dig.New()
	providers := []struct {
		ctor any
		opts []dig.ProvideOption
	}{
		{ctor: func() *slog.Logger { return log }},
		{ctor: config.Load},
		{ctor: openDB},
		{ctor: db.NewTxManager},
		{ctor: func(m *db.TxManager) service.Tx { return m }},
		{ctor: func() service.IDFunc { return service.IDFunc(ids.Default) }},
		{ctor: func() service.Clock { return clock.UTC }},

		// repositories
		{ctor: repository.NewClaimRepo},
		{ctor: repository.NewBatchRepo},
		{ctor: repository.NewIdempotencyRepo},
		{ctor: repository.NewSubmissionRepo},
		{ctor: repository.NewScrubRepo},
		{ctor: repository.NewResubmissionRepo},
		{ctor: repository.NewFeeRepo},
		{ctor: repository.NewUsageRepo},
		{ctor: repository.NewAttachmentRepo},
		{ctor: repository.NewCrossoverRepo},
		{ctor: repository.NewEligibilityRepo},
		{ctor: repository.NewRemittanceRepo},
		{ctor: repository.NewProcessedEventRepo},
		{ctor: repository.NewDenialRepo},
		{ctor: repository.NewWorkItemRepo},
		{ctor: repository.NewInfoRequestRepo},
		{ctor: repository.NewAppealRepo},
		{ctor: repository.NewLedgerRepo},
		{ctor: repository.NewStatementRepo},
		{ctor: repository.NewMailingRepo},
		{ctor: repository.NewNotificationRepo},
		{ctor: repository.NewCopayRepo},
		{ctor: repository.NewRefundRepo},
		{ctor: repository.NewPayoutRepo},
		{ctor: repository.NewPracticeRepo},
		{ctor: repository.NewPatientAccountRepo},
		{ctor: repository.NewAdjustmentRepo},
		{ctor: repository.NewPlanRepo},
		{ctor: repository.NewStripeEventRepo},
		{ctor: repository.NewPracticeNotificationRepo},
		{ctor: repository.NewPayerRepo},

		// provider clients
		{ctor: newPayerGateway, opts: []dig.ProvideOption{dig.As(new(service.PayerGateway))}},
		{ctor: newStripe},
		{ctor: func(p *payments.Client) service.PaymentProvider { return p }},
		{ctor: func(p *payments.Client) httpapi.SignatureVerifier { return p }},
		{ctor: newMailer, opts: []dig.ProvideOption{dig.As(new(service.Mailer))}},
		{ctor: newMessaging, opts: []dig.ProvideOption{dig.As(new(service.SMSSender))}},
		{ctor: practicehooks.NewSender, opts: []dig.ProvideOption{dig.As(new(service.PracticeWebhooks))}},
		{ctor: newForwarder},
		{ctor: func(f *outbound.Forwarder) service.ClaimForwarder { return f }},
		{ctor: events.NewBus},
		{ctor: func(b *events.Bus) service.EventPublisher { return b }},
		{ctor: newTemporalClient},
		{ctor: newStarter, opts: []dig.ProvideOption{dig.As(new(service.WorkflowStarter))}},

		// services
		{ctor: newClaimService},
		{ctor: service.NewFollowUpService},
		{ctor: service.NewDenialService},
		{ctor: service.NewEligibilityService},
		{ctor: newStatementService},
		{ctor: service.NewPaymentService},
		{ctor: service.NewPayoutService},
		{ctor: service.NewAccountService},
		{ctor: service.NewRemittanceService},
		{ctor: newSubmissionService},

		// transports
		{ctor: httpapi.NewClaimHandlers},
		{ctor: httpapi.NewDenialHandlers},
		{ctor: httpapi.NewEligibilityHandlers},
		{ctor: httpapi.NewBillingHandlers},
		{ctor: httpapi.NewWebhookHandlers},
		{ctor: newIdempotencyMiddleware},
		{ctor: newRouter},
		{ctor: consumer.NewHandlers},
		{ctor: newConsumerRunner},
		{ctor: newEventRouter},
		{ctor: workflow.NewActivities},
		{ctor: newWorker},
	}
	for _, p := range providers {
		if err := c.Provide(p.ctor, p.opts...); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func openDB(cfg config.Config) (*sqlx.DB, error) {
	dbCfg := db.Config{
		DSN:             cfg.DatabaseDSN,
		MaxOpenConns:    cfg.DBMaxOpenConns,
		MaxIdleConns:    cfg.DBMaxOpenConns / 2,
		ConnMaxLifetime: 30 * time.Minute,
		MigrationsDir:   cfg.MigrationsDir,
	}
	if err := db.Migrate(dbCfg); err != nil {
		return nil, err
	}
	return db.Open(dbCfg)
}

func newPayerGateway(cfg config.Config) *payer.Client {
	return payer.NewClient(cfg.PayerGatewayURL, cfg.PayerGatewayAPIKey,
		payer.WithDefaultTimeout(cfg.PayerGatewayTimeout),
		payer.WithHTTPClient(&http.Client{Transport: &http.Transport{
			MaxIdleConnsPerHost: 32,
			IdleConnTimeout:     90 * time.Second,
		}}))
}

func newStripe(cfg config.Config) *payments.Client {
	return payments.NewClient(cfg.StripeSecretKey, cfg.StripeWebhookSecret)
}

func newMailer(cfg config.Config) *mailing.Client {
	return mailing.NewClient(cfg.PrintVendorURL, cfg.PrintVendorAPIKey, cfg.ReturnAddressID)
}

func newMessaging(cfg config.Config) *messaging.Client {
	return messaging.NewClient(cfg.MessagingURL, cfg.MessagingAPIKey, cfg.MessagingSender)
}

func newForwarder(cfg config.Config) *outbound.Forwarder {
	return outbound.NewForwarder(cfg.KafkaBrokers, cfg.KafkaOutboundTopic)
}

func newTemporalClient(cfg config.Config, log *slog.Logger) (client.Client, error) {
	return client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    log,
	})
}

func newStarter(c client.Client, cfg config.Config, log *slog.Logger) *workflow.Starter {
	return workflow.NewStarter(c, cfg.TemporalTaskQueue, log)
}

type claimServiceParams struct {
	dig.In
	Tx            service.Tx
	Claims        *repository.ClaimRepo
	Batches       *repository.BatchRepo
	Idem          *repository.IdempotencyRepo
	Resubmissions *repository.ResubmissionRepo
	Payers        *repository.PayerRepo
	Payer         service.PayerGateway
	Starter       service.WorkflowStarter
	NewID         service.IDFunc
	Now           service.Clock
	Log           *slog.Logger
}

func newClaimService(p claimServiceParams) *service.ClaimService {
	return service.NewClaimService(service.ClaimServiceDeps{
		Tx: p.Tx, Claims: p.Claims, Batches: p.Batches, Idem: p.Idem, Resubmissions: p.Resubmissions,
		Payers: p.Payers, Payer: p.Payer, Starter: p.Starter, NewID: p.NewID, Now: p.Now, Log: p.Log,
	})
}

type statementServiceParams struct {
	dig.In
	Cfg           config.Config
	Tx            service.Tx
	Claims        *repository.ClaimRepo
	Accounts      *repository.PatientAccountRepo
	Statements    *repository.StatementRepo
	Mailings      *repository.MailingRepo
	Notifications *repository.NotificationRepo
	Mailer        service.Mailer
	SMS           service.SMSSender
	Events        service.EventPublisher
	NewID         service.IDFunc
	Now           service.Clock
	Log           *slog.Logger
}

func newStatementService(p statementServiceParams) *service.StatementService {
	return service.NewStatementService(service.StatementServiceDeps{
		Tx: p.Tx, Claims: p.Claims, Accounts: p.Accounts, Statements: p.Statements, Mailings: p.Mailings,
		Notifications: p.Notifications, Mailer: p.Mailer, SMS: p.SMS, Events: p.Events, NewID: p.NewID,
		Now: p.Now, PortalURL: p.Cfg.StatementPortalURL, Log: p.Log,
	})
}

type submissionServiceParams struct {
	dig.In
	Cfg           config.Config
	Tx            service.Tx
	Claims        *repository.ClaimRepo
	Payers        *repository.PayerRepo
	Practices     *repository.PracticeRepo
	Ledger        *repository.LedgerRepo
	Scrub         *repository.ScrubRepo
	Submissions   *repository.SubmissionRepo
	Fees          *repository.FeeRepo
	Usage         *repository.UsageRepo
	Notifications *repository.PracticeNotificationRepo
	Payer         service.PayerGateway
	Webhooks      service.PracticeWebhooks
	NewID         service.IDFunc
	Now           service.Clock
	Log           *slog.Logger
}

func newSubmissionService(p submissionServiceParams) *service.SubmissionService {
	return service.NewSubmissionService(service.SubmissionServiceDeps{
		Tx: p.Tx, Claims: p.Claims, Payers: p.Payers, Practices: p.Practices, Ledger: p.Ledger,
		Scrub: p.Scrub, Submissions: p.Submissions, Fees: p.Fees, Usage: p.Usage,
		Notifications: p.Notifications, Payer: p.Payer, Webhooks: p.Webhooks,
		FeeCents: p.Cfg.SubmissionFeeCents, NewID: p.NewID, Now: p.Now, Log: p.Log,
	})
}

func newIdempotencyMiddleware(conn *sqlx.DB, store *repository.IdempotencyRepo, log *slog.Logger) *httpapi.IdempotencyMiddleware {
	return httpapi.NewIdempotencyMiddleware(conn, store, log)
}

type routerParams struct {
	dig.In
	Claims      *httpapi.ClaimHandlers
	Denials     *httpapi.DenialHandlers
	Eligibility *httpapi.EligibilityHandlers
	Billing     *httpapi.BillingHandlers
	Webhooks    *httpapi.WebhookHandlers
	Idempotency *httpapi.IdempotencyMiddleware
}

func newRouter(p routerParams) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	return httpapi.NewRouter(httpapi.RouterDeps{
		Claims: p.Claims, Denials: p.Denials, Eligibility: p.Eligibility,
		Billing: p.Billing, Webhooks: p.Webhooks, Idempotency: p.Idempotency,
	})
}

func newConsumerRunner(cfg config.Config, handlers map[string]consumer.HandlerFunc, log *slog.Logger) *consumer.Runner {
	return consumer.NewRunner(consumer.Config{
		Brokers:     cfg.KafkaBrokers,
		GroupID:     cfg.KafkaGroupID,
		Topic:       cfg.KafkaPayerTopic,
		MaxAttempts: cfg.KafkaMaxAttempts,
	}, handlers, log)
}

func newEventRouter(bus *events.Bus, st *service.StatementService, po *service.PayoutService) (*message.Router, error) {
	r, err := bus.NewRouter()
	if err != nil {
		return nil, err
	}
	events.Register(r, bus, st, po)
	return r, nil
}

func newWorker(c client.Client, cfg config.Config, acts *workflow.Activities) worker.Worker {
	return workflow.NewWorker(c, cfg.TemporalTaskQueue, acts)
}

type runParams struct {
	dig.In
	Cfg       config.Config
	Log       *slog.Logger
	Router    *gin.Engine
	Consumer  *consumer.Runner
	Events    *message.Router
	Bus       *events.Bus
	Worker    worker.Worker
	Temporal  client.Client
	Forwarder *outbound.Forwarder
	DB        *sqlx.DB
}

func run(p runParams) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	srv := &http.Server{
		Addr:              p.Cfg.HTTPAddr,
		Handler:           p.Router,
		ReadHeaderTimeout: 10 * time.Second,
	}

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		p.Log.Info("http listening", "addr", srv.Addr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error { return p.Consumer.Run(ctx) })
	g.Go(func() error { return p.Events.Run(ctx) })
	g.Go(func() error { return p.Worker.Run(worker.InterruptCh()) })
	g.Go(func() error {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		err := errors.Join(
			srv.Shutdown(shutdownCtx),
			p.Events.Close(),
			p.Consumer.Close(),
			p.Forwarder.Close(),
			p.Bus.Close(),
		)
		p.Worker.Stop()
		p.Temporal.Close()
		return errors.Join(err, p.DB.Close())
	})
	return g.Wait()
}
