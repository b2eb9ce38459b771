package app

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	wsql "github.com/ThreeDotsLabs/watermill-sql/v4/pkg/sql"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/wire"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"

	"github.com/haulgrid/loadboard/internal/events"
	"github.com/haulgrid/loadboard/internal/events/consumers"
	"github.com/haulgrid/loadboard/internal/httpapi"
	"github.com/haulgrid/loadboard/internal/platform/idem"
	"github.com/haulgrid/loadboard/internal/providers/eld"
	"github.com/haulgrid/loadboard/internal/providers/inkpass"
	"github.com/haulgrid/loadboard/internal/providers/notify"
	"github.com/haulgrid/loadboard/internal/providers/paystream"
	"github.com/haulgrid/loadboard/internal/service"
	"github.com/haulgrid/loadboard/internal/store"
	"github.com/haulgrid/loadboard/internal/workflow"
)

// App is everything main runs.
type App struct {
	Server *http.Server
	Router *message.Router
	Worker worker.Worker
	Log    *slog.Logger
}

// Run starts the HTTP server, the event router and the Temporal worker and
// blocks until ctx is cancelled or one of them fails.
func (a *App) Run(ctx context.Context) error {
	errc := make(chan error, 3)
	go func() {
		a.Log.Info("http listening", "addr", a.Server.Addr)
		if err := a.Server.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()
	go func() {
		if err := a.Router.Run(ctx); err != nil {
			errc <- err
		}
	}()
	if err := a.Worker.Start(); err != nil {
		return err
	}
	defer a.Worker.Stop()

	select {
	case <-ctx.Done():
	case err := <-errc:
		return err
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = a.Router.Close()
	return a.Server.Shutdown(shutdown)
}

func ProvideLogger(cfg Config) *slog.Logger {
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		lvl = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: lvl}))
}

func ProvideDB(cfg Config) (*gorm.DB, func(), error) {
	db, sqlDB, err := store.Open(cfg.DB)
	if err != nil {
		return nil, nil, err
	}
	return db, func() { _ = sqlDB.Close() }, nil
}

func ProvideSQLDB(db *gorm.DB) (*sql.DB, error) {
	return db.DB()
}

func ProvideWatermillLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log.With("component", "watermill"))
}

func ProvideSchemaAdapter() wsql.SchemaAdapter {
	return wsql.DefaultPostgreSQLSchema{}
}

func ProvideTemporalClient(cfg Config, log *slog.Logger) (client.Client, func(), error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    tlog.NewStructuredLogger(log.With("component", "temporal")),
	})
	if err != nil {
		return nil, nil, err
	}
	return c, c.Close, nil
}

func ProvideIdemStore(db *gorm.DB, cfg Config) *idem.Store {
	return idem.NewStore(db, cfg.IdempotencyTTL)
}

func ProvidePaystream(cfg Config) *paystream.Client { return paystream.New(cfg.Paystream) }

// ProvidePayments is the Paystream client as the services see it, with
// call logging.
func ProvidePayments(c *paystream.Client, log *slog.Logger) service.Payments {
	return service.WithPaymentLogging(c, log)
}

func ProvideInkPass(cfg Config) *inkpass.Client { return inkpass.New(cfg.InkPass) }
func ProvideELD(cfg Config) *eld.Client         { return eld.New(cfg.ELD) }
func ProvideNotify(cfg Config) *notify.Client   { return notify.New(cfg.Notify) }

func ProvideRateConTemplate(cfg Config) service.RateConTemplate {
	return service.RateConTemplate(cfg.RateConTemplateID)
}

func ProvideTenderLinkBase(cfg Config) service.TenderLinkBase {
	return service.TenderLinkBase(cfg.TenderLinkBase)
}

func ProvideActivities(
	tendering *service.TenderingService,
	notifications *service.NotificationService,
	tracking *service.TrackingService,
	loads service.LoadStore,
	carriers service.CarrierStore,
	mailer service.Messenger,
) *workflow.Activities {
	return &workflow.Activities{
		Tendering:     tendering,
		Notifications: notifications,
		Tracking:      tracking,
		Loads:         loads,
		Carriers:      carriers,
		Mailer:        mailer,
		Now:           time.Now,
	}
}

func ProvideHTTPServer(cfg Config, h *httpapi.Handlers, log *slog.Logger) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           httpapi.NewRouter(h, httpapi.NewAdapter(log)),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      40 * time.Second,
	}
}

var infraSet = wire.NewSet(
	ProvideLogger,
	ProvideDB,
	ProvideSQLDB,
	ProvideWatermillLogger,
	ProvideSchemaAdapter,
	ProvideTemporalClient,
	ProvideIdemStore,
)

var storeSet = wire.NewSet(
	store.NewTransactor,
	wire.Bind(new(service.Transactor), new(*store.Transactor)),
	store.NewLoadRepo,
	wire.Bind(new(service.LoadStore), new(*store.LoadRepo)),
	store.NewKeyRepo,
	wire.Bind(new(service.KeyStore), new(*store.KeyRepo)),
	store.NewBidRepo,
	wire.Bind(new(service.BidStore), new(*store.BidRepo)),
	store.NewTenderRepo,
	wire.Bind(new(service.TenderStore), new(*store.TenderRepo)),
	store.NewAttemptRepo,
	wire.Bind(new(service.AttemptStore), new(*store.AttemptRepo)),
	store.NewAssignmentRepo,
	wire.Bind(new(service.AssignmentStore), new(*store.AssignmentRepo)),
	store.NewDeliveryRepo,
	wire.Bind(new(service.DeliveryStore), new(*store.DeliveryRepo)),
	store.NewAccessorialRepo,
	wire.Bind(new(service.AccessorialStore), new(*store.AccessorialRepo)),
	store.NewPayoutRepo,
	wire.Bind(new(service.PayoutStore), new(*store.PayoutRepo)),
	store.NewRateConRepo,
	wire.Bind(new(service.RateConStore), new(*store.RateConRepo)),
	store.NewDocumentRepo,
	wire.Bind(new(service.DocumentStore), new(*store.DocumentRepo)),
	store.NewPingRepo,
	wire.Bind(new(service.PingStore), new(*store.PingRepo)),
	store.NewInboxRepo,
	wire.Bind(new(service.InboxStore), new(*store.InboxRepo)),
	store.NewNotificationRepo,
	wire.Bind(new(service.NotificationStore), new(*store.NotificationRepo)),
	store.NewLedgerRepo,
	wire.Bind(new(service.LedgerStore), new(*store.LedgerRepo)),
	store.NewCarrierRepo,
	wire.Bind(new(service.CarrierStore), new(*store.CarrierRepo)),
)

var providerSet = wire.NewSet(
	ProvidePaystream,
	ProvidePayments,
	ProvideInkPass,
	wire.Bind(new(service.ESign), new(*inkpass.Client)),
	ProvideELD,
	wire.Bind(new(service.Tracker), new(*eld.Client)),
	ProvideNotify,
	wire.Bind(new(service.Messenger), new(*notify.Client)),
	workflow.NewStarter,
	wire.Bind(new(service.TenderWorkflows), new(*workflow.Starter)),
	events.NewOutbox,
	wire.Bind(new(service.Outbox), new(*events.Outbox)),
)

var serviceSet = wire.NewSet(
	ProvideRateConTemplate,
	ProvideTenderLinkBase,
	service.NewLoadService,
	service.NewBidService,
	service.NewTenderingService,
	service.NewDeliveryService,
	service.NewQuickPayService,
	service.NewRateConService,
	service.NewNotificationService,
	service.NewLedgerService,
	service.NewTrackingService,
	service.NewCarrierService,
)

var entrySet = wire.NewSet(
	wire.Struct(new(httpapi.Handlers), "*"),
	ProvideHTTPServer,
	wire.Struct(new(consumers.Handlers), "*"),
	consumers.NewSubscriber,
	consumers.NewRouter,
	ProvideActivities,
	workflow.NewWorker,
	wire.Struct(new(App), "*"),
)
