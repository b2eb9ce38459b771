// Command bookingsd runs the Meridian Rail bookings service: the HTTP API,
// the Kafka consumers, the asynq worker and scheduler, and the outbox relay.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/segmentio/kafka-go"
	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/config"
	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/httpapi"
	"github.com/meridianrail/bookings/internal/jobs"
	"github.com/meridianrail/bookings/internal/messaging/consumers"
	"github.com/meridianrail/bookings/internal/messaging/kafkarun"
	"github.com/meridianrail/bookings/internal/messaging/outbox"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/displays"
	"github.com/meridianrail/bookings/internal/providers/mailer"
	"github.com/meridianrail/bookings/internal/providers/sms"
	"github.com/meridianrail/bookings/internal/providers/stripepay"
	partner "github.com/meridianrail/bookings/internal/providers/ticketing"
	"github.com/meridianrail/bookings/internal/service/booking"
	"github.com/meridianrail/bookings/internal/service/hold"
	"github.com/meridianrail/bookings/internal/service/loyalty"
	"github.com/meridianrail/bookings/internal/service/notify"
	"github.com/meridianrail/bookings/internal/service/payments"
	"github.com/meridianrail/bookings/internal/service/seatmap"
	"github.com/meridianrail/bookings/internal/service/settlement"
	"github.com/meridianrail/bookings/internal/service/ticketing"
	"github.com/meridianrail/bookings/internal/store"
	"github.com/meridianrail/bookings/internal/worker"
)

// container builds and owns every long-lived dependency.
type container struct {
	cfg *config.Config
	log *slog.Logger

	db    *gorm.DB
	sqlDB *sql.DB
	tx    database.TxManager

	asynqClient *asynq.Client
	kafkaWriter *kafka.Writer

	// providers
	stripe    *stripepay.Gateway
	partner   *partner.Client
	sms       *sms.Client
	mailer    *mailer.Client
	displays  *displays.Client
	verifier  *stripepay.Verifier
	cbChecker *partner.CallbackVerifier

	// hand-written repositories
	seats       *store.SeatRepository
	idem        *store.IdempotencyRepository
	holdReqs    *store.HoldRequestRepository
	outboxRepo  *store.OutboxRepository
	stripeEvts  *store.StripeEventRepository
	tickets     *store.TicketRepository
	loyaltyRepo *store.LoyaltyRepository
	inbox       *store.InboxRepository
	notices     *store.DisruptionNoticeRepository
	stations    *store.StationRepository
	settleRepo  *store.SettlementRepository

	// services
	holdSvc       *hold.Service
	bookingSvc    *booking.Service
	refundSync    *booking.RefundSync
	loyaltySvc    *loyalty.Service
	ticketSvc     *ticketing.Service
	seatMapSvc    *seatmap.Service
	notifySvc     *notify.Service
	disruptions   *notify.DisruptionHandler
	webhookSvc    *payments.WebhookService
	captureSvc    *payments.CaptureService
	settlementSvc *settlement.Service
}

func newContainer(cfg *config.Config, log *slog.Logger) (*container, error) {
	c := &container{cfg: cfg, log: log}
	if err := c.buildInfra(); err != nil {
		return nil, err
	}
	if err := c.buildProviders(); err != nil {
		return nil, err
	}
	c.buildRepositories()
	c.buildServices()
	return c, nil
}

func (c *container) buildInfra() error {
	db, sqlDB, err := database.Open(c.cfg.DatabaseURL, database.PoolConfig{
		MaxOpen: 30, MaxIdle: 10, MaxLifetime: 30 * time.Minute,
	})
	if err != nil {
		return err
	}
	c.db, c.sqlDB = db, sqlDB
	c.tx = database.NewTxManager(db, database.WithIsolation(sql.LevelReadCommitted))
	c.asynqClient = asynq.NewClient(asynq.RedisClientOpt{Addr: c.cfg.RedisAddr})
	c.kafkaWriter = &kafka.Writer{
		Addr:         kafka.TCP(c.cfg.KafkaBrokers...),
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
		BatchTimeout: 50 * time.Millisecond,
	}
	return nil
}

func (c *container) buildProviders() error {
	c.stripe = stripepay.New(c.cfg.StripeKey, stripepay.WithDefaultCurrency(c.cfg.Currency))
	c.verifier = stripepay.NewVerifier(c.cfg.StripeWebhook)
	p, err := partner.New(c.cfg.TicketingURL,
		partner.WithAPIKey(c.cfg.TicketingKey),
		partner.WithRetries(3, 400*time.Millisecond),
		partner.WithLogger(c.log.With("provider", "ticketing")),
	)
	if err != nil {
		return err
	}
	c.partner = p
	c.cbChecker = partner.NewCallbackVerifier(c.cfg.TicketingHMAC)
	c.sms = sms.New(c.cfg.SMSURL, c.cfg.SMSKey)
	c.mailer = mailer.New(c.cfg.MailRelayURL, c.cfg.MailFrom)
	c.displays = displays.New(c.cfg.DisplayURLTmpl, c.cfg.DisplayToken)
	return nil
}

func (c *container) buildRepositories() {
	c.seats = store.NewSeatRepository(c.db)
	c.idem = store.NewIdempotencyRepository(c.db)
	c.holdReqs = store.NewHoldRequestRepository(c.db)
	c.outboxRepo = store.NewOutboxRepository(c.db)
	c.stripeEvts = store.NewStripeEventRepository(c.db)
	c.tickets = store.NewTicketRepository(c.db)
	c.loyaltyRepo = store.NewLoyaltyRepository(c.db)
	c.inbox = store.NewInboxRepository(c.db)
	c.notices = store.NewDisruptionNoticeRepository(c.db)
	c.stations = store.NewStationRepository(c.db)
	c.settleRepo = store.NewSettlementRepository(c.db, c.sqlDB)
}

func (c *container) buildServices() {
	bookings := database.NewRepository[domain.Booking](c.db)
	holds := database.NewRepository[domain.SeatHold](c.db)
	paymentsRepo := database.NewRepository[domain.Payment](c.db)
	refunds := database.NewRepository[domain.Refund](c.db)
	notifications := database.NewRepository[domain.Notification](c.db)
	rules := loyalty.DefaultRules()

	c.holdSvc = hold.New(c.tx, holds, c.holdReqs, c.seats, c.asynqClient,
		hold.WithTTL(c.cfg.HoldTTL), hold.WithCurrency(c.cfg.Currency), hold.WithLogger(c.log))

	c.bookingSvc = booking.New(booking.Deps{
		Tx:          c.tx,
		Bookings:    bookings,
		Holds:       holds,
		Payments:    paymentsRepo,
		Refunds:     refunds,
		IdemRecords: store.IdempotencyRecords(c.db),
		Idem:        c.idem,
		Seats:       c.seats,
		Outbox:      c.outboxRepo,
		Gateway:     c.stripe,
		Policy: booking.DeparturePolicy{
			Trips:            database.NewRepository[domain.Trip](c.db),
			FullRefundBefore: 48 * time.Hour,
			FeeBps:           5_000, // late cancellation: half refunded
		},
		Log: c.log.With("svc", "booking"),
	})

	c.loyaltySvc = &loyalty.Service{
		Tx:          c.tx,
		Accounts:    database.NewRepository[domain.LoyaltyAccount](c.db),
		Ledger:      database.NewRepository[domain.LedgerEntry](c.db),
		Redemptions: database.NewRepository[domain.Redemption](c.db),
		Balances:    c.loyaltyRepo,
		Rules:       rules,
		Log:         c.log.With("svc", "loyalty"),
	}

	c.refundSync = &booking.RefundSync{
		Tx:        c.tx,
		Bookings:  bookings,
		Refunds:   refunds,
		Inbox:     c.inbox,
		Loyalty:   c.loyaltyRepo,
		Mailer:    c.mailer,
		PointsFor: rules.PointsFor,
		Log:       c.log.With("svc", "refund-sync"),
	}

	c.ticketSvc = ticketing.New(ticketing.Config{
		Tx:          c.tx,
		Bookings:    bookings,
		Tickets:     c.tickets,
		Seats:       c.seats,
		Partner:     c.partner,
		Mailer:      c.mailer,
		CallbackURL: c.cfg.CallbackURL,
		Log:         c.log.With("svc", "ticketing"),
	})

	c.seatMapSvc = &seatmap.Service{
		Tx:       c.tx,
		Maps:     database.NewRepository[domain.SeatMap](c.db),
		Attempts: database.NewRepository[domain.DisplayPushAttempt](c.db),
		Seats:    c.seats,
		Stations: c.stations,
		Outbox:   c.outboxRepo,
		Displays: c.displays,
		Enqueuer: c.asynqClient,
		Log:      c.log.With("svc", "seatmap"),
	}

	c.notifySvc = &notify.Service{
		Tx:            c.tx,
		Bookings:      bookings,
		Notifications: notifications,
		Tickets:       c.tickets,
		Idem:          c.idem,
		SMS:           c.sms,
		Mailer:        c.mailer,
		Enqueuer:      c.asynqClient,
		Render:        renderSMS,
		Log:           c.log.With("svc", "notify"),
	}
	c.disruptions = &notify.DisruptionHandler{Service: c.notifySvc, Notices: c.notices, Inbox: c.inbox}

	c.webhookSvc = &payments.WebhookService{
		Tx:       c.tx,
		Events:   c.stripeEvts,
		Payments: paymentsRepo,
		Bookings: bookings,
		Outbox:   c.outboxRepo,
		Enqueuer: c.asynqClient,
		Log:      c.log.With("svc", "stripe-webhook"),
	}
	c.captureSvc = &payments.CaptureService{
		Tx:       c.tx,
		Payments: paymentsRepo,
		Gateway:  c.stripe,
		Log:      c.log.With("svc", "capture"),
	}

	c.settlementSvc = &settlement.Service{
		Tx:        c.tx,
		Operators: database.NewRepository[domain.PartnerOperator](c.db),
		Batches:   database.NewRepository[domain.SettlementBatch](c.db),
		Reporter:  c.settleRepo,
		Payouts:   c.stripe,
		Currency:  c.cfg.Currency,
		Log:       c.log.With("svc", "settlement"),
	}
}

func (c *container) router() http.Handler {
	return httpapi.NewRouter(httpapi.Handlers{
		Holds:    &httpapi.HoldHandler{Holds: c.holdSvc, Log: c.log},
		Bookings: &httpapi.BookingHandler{Bookings: c.bookingSvc, Notifications: c.notifySvc, Log: c.log},
		Loyalty:  &httpapi.LoyaltyHandler{Loyalty: c.loyaltySvc, Log: c.log},
		SeatMaps: &httpapi.SeatMapHandler{SeatMaps: c.seatMapSvc, Log: c.log},
		Webhooks: &httpapi.WebhookHandler{
			Payments:        c.webhookSvc,
			StripeVerifier:  c.verifier,
			Tickets:         c.ticketSvc,
			PartnerVerifier: c.cbChecker,
			Log:             c.log,
		},
		OpsToken: c.cfg.OpsToken,
		Log:      c.log,
	})
}

func (c *container) consumerRunner() *kafkarun.Runner {
	cons := &consumers.Consumers{
		Tickets:       c.ticketSvc,
		Loyalty:       c.loyaltySvc,
		Displays:      c.seatMapSvc,
		Cancellations: c.notifySvc,
		Refunds:       c.refundSync,
		Disruptions:   c.disruptions,
		Settlement:    c.settlementSvc,
		Log:           c.log,
	}
	return kafkarun.New(c.cfg.KafkaBrokers, cons.Table(),
		kafkarun.WithRetry(5, time.Second),
		kafkarun.WithDeadLetter(c.kafkaWriter),
		kafkarun.WithLogger(c.log.With("component", "consumers")),
	)
}

func (c *container) taskServer() (*asynq.Server, *asynq.ServeMux, error) {
	loc, err := time.LoadLocation(c.cfg.Timezone)
	if err != nil {
		return nil, nil, fmt.Errorf("timezone: %w", err)
	}
	h := &worker.Handlers{
		Settlement: c.settlementSvc,
		Holds:      c.holdSvc,
		SMS:        c.notifySvc,
		Displays:   c.seatMapSvc,
		Tiers:      c.loyaltySvc,
		Tickets:    c.ticketSvc,
		Payments:   c.captureSvc,
		Location:   loc,
	}
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: c.cfg.RedisAddr}, worker.Config(c.log))
	return srv, worker.NewMux(h.Routes(), worker.Logging(c.log.With("component", "worker"))), nil
}

func (c *container) scheduler() (*asynq.Scheduler, error) {
	loc, err := time.LoadLocation(c.cfg.Timezone)
	if err != nil {
		return nil, err
	}
	s := asynq.NewScheduler(asynq.RedisClientOpt{Addr: c.cfg.RedisAddr}, &asynq.SchedulerOpts{Location: loc})
	task, err := jobs.New(jobs.TypeSettlementNightly, jobs.SettlementPayload{})
	if err != nil {
		return nil, err
	}
	if _, err := s.Register(c.cfg.SettlementCron, task, asynq.Queue(jobs.QueueDefault), asynq.MaxRetry(5)); err != nil {
		return nil, err
	}
	return s, nil
}

func (c *container) outboxRelay() *outbox.Relay {
	return &outbox.Relay{
		Tx:        c.tx,
		Store:     c.outboxRepo,
		Publisher: c.kafkaWriter,
		Interval:  time.Second,
		BatchSize: 200,
		Log:       c.log.With("component", "outbox"),
	}
}

func (c *container) close() {
	_ = c.asynqClient.Close()
	_ = c.kafkaWriter.Close()
	_ = c.sqlDB.Close()
}

func renderSMS(template string, data map[string]string) string {
	switch template {
	case notify.TplTicketResend:
		return fmt.Sprintf("Meridian Rail: your ticket %s for booking %s: %s",
			data["ticket_number"], shortRef(data["booking_id"]), data["pdf_url"])
	case notify.TplDisruption:
		return fmt.Sprintf("Meridian Rail: your journey (booking %s) is disrupted. Check the app for alternatives.",
			shortRef(data["booking_id"]))
	default:
		return "Meridian Rail: booking " + shortRef(data["booking_id"])
	}
}

func shortRef(id string) string {
	if len(id) > 8 {
		id = id[:8]
	}
	return strings.ToUpper(id)
}

func main() {
	migrateOnly := flag.Bool("migrate", false, "apply database migrations and exit")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	if *migrateOnly {
		if err := database.MigrateUp(cfg.MigrationsDir, cfg.DatabaseURL); err != nil {
			log.Error("migrate", "err", err)
			os.Exit(1)
		}
		return
	}
	if err := run(cfg, log); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("bookingsd stopped", "err", err)
		os.Exit(1)
	}
}

func run(cfg *config.Config, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	c, err := newContainer(cfg, log)
	if err != nil {
		return err
	}
	defer c.close()

	srv, mux, err := c.taskServer()
	if err != nil {
		return err
	}
	if err := srv.Start(mux); err != nil {
		return fmt.Errorf("asynq server: %w", err)
	}
	defer srv.Shutdown()

	sched, err := c.scheduler()
	if err != nil {
		return err
	}
	if err := sched.Start(); err != nil {
		return fmt.Errorf("scheduler: %w", err)
	}
	defer sched.Shutdown()

	errc := make(chan error, 3)
	go func() { errc <- c.consumerRunner().Run(ctx) }()
	go func() { errc <- c.outboxRelay().Run(ctx) }()

	httpSrv := &http.Server{Addr: cfg.HTTPAddr, Handler: c.router(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		log.Info("http listening", "addr", cfg.HTTPAddr)
		if err := httpSrv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()

	select {
	case <-ctx.Done():
	case err = <-errc:
		stop()
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	_ = httpSrv.Shutdown(shutdownCtx)
	return err
}
