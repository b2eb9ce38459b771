// Package app holds the fx modules shared by the binaries under cmd/.
package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/adapters/postgres"
	"github.com/forkandfeast/catering/internal/adapters/queue"
	"github.com/forkandfeast/catering/internal/adapters/sms"
	stripeadapter "github.com/forkandfeast/catering/internal/adapters/stripe"
	"github.com/forkandfeast/catering/internal/adapters/wholesale"
	"github.com/forkandfeast/catering/internal/config"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/core/services"
	"github.com/forkandfeast/catering/internal/core/services/decorators"
	"github.com/forkandfeast/catering/internal/platform/ids"
	"github.com/forkandfeast/catering/internal/platform/logging"
	"github.com/forkandfeast/catering/internal/platform/metrics"
	"github.com/forkandfeast/catering/migrations"
)

// ServiceName is supplied by each binary.
type ServiceName string

// Base provides configuration, logging, metrics and clocks.
var Base = fx.Module("base",
	fx.Provide(
		config.Load,
		func(name ServiceName, cfg config.Config) (*zap.Logger, error) {
			return logging.New(string(name), cfg.Dev())
		},
		metrics.New,
		fx.Annotate(func() ids.SystemClock { return ids.SystemClock{} }, fx.As(new(ports.Clock))),
		fx.Annotate(func() ids.V7Generator { return ids.V7Generator{} }, fx.As(new(ports.IDGenerator))),
	),
	fx.WithLogger(func(l *zap.Logger) fxevent.Logger {
		return &fxevent.ZapLogger{Logger: l.Named("fx")}
	}),
	fx.Invoke(serveMetrics),
)

func serveMetrics(lc fx.Lifecycle, cfg config.Config, m *metrics.Metrics, log *zap.Logger) {
	mux := http.NewServeMux()
	mux.Handle("/metrics", m.Handler())
	srv := &http.Server{Addr: cfg.MetricsAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	RunHTTPServer(lc, srv, log.Named("metrics"))
}

// RunHTTPServer ties an http.Server to the fx lifecycle.
func RunHTTPServer(lc fx.Lifecycle, srv *http.Server, log *zap.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", zap.Error(err))
				}
			}()
			log.Info("listening", zap.String("addr", srv.Addr))
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
}

// Postgres provides the pool, the transaction helper and the repositories.
var Postgres = fx.Module("postgres",
	fx.Provide(
		newPool,
		postgres.NewDB,
		fx.Annotate(func(db *postgres.DB) *postgres.DB { return db }, fx.As(new(ports.Transactor))),
		fx.Annotate(postgres.NewCustomerRepo, fx.As(new(ports.CustomerRepository))),
		fx.Annotate(postgres.NewEnquiryRepo, fx.As(new(ports.EnquiryRepository))),
		fx.Annotate(postgres.NewQuoteRepo, fx.As(new(ports.QuoteRepository))),
		fx.Annotate(postgres.NewEventRepo, fx.As(new(ports.EventRepository))),
		fx.Annotate(postgres.NewTastingRepo, fx.As(new(ports.TastingRepository))),
		fx.Annotate(postgres.NewPaymentRepo, fx.As(new(ports.PaymentRepository))),
		fx.Annotate(postgres.NewRefundRepo, fx.As(new(ports.RefundRepository))),
		fx.Annotate(postgres.NewVenueRepo, fx.As(new(ports.VenueRepository))),
		fx.Annotate(postgres.NewStaffRepo, fx.As(new(ports.StaffRepository))),
		fx.Annotate(postgres.NewPurchaseOrderRepo, fx.As(new(ports.PurchaseOrderRepository))),
		fx.Annotate(postgres.NewDietaryRepo, fx.As(new(ports.DietaryRepository))),
		fx.Annotate(postgres.NewMessageRepo, fx.As(new(ports.MessageRepository))),
		fx.Annotate(postgres.NewIdempotencyStore, fx.As(new(ports.IdempotencyStore))),
		fx.Annotate(postgres.NewWebhookEvents, fx.As(new(ports.WebhookEventStore))),
	),
)

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	pool, err := postgres.NewPool(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

// Migrate applies River's schema and the embedded application schema on start.
var Migrate = fx.Invoke(func(lc fx.Lifecycle, db *postgres.DB, pool *pgxpool.Pool) {
	lc.Append(fx.StartHook(func(ctx context.Context) error {
		migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
		if err != nil {
			return err
		}
		if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return err
		}
		return db.Migrate(ctx, migrations.FS)
	}))
})

// Providers provides the outbound provider clients.
var Providers = fx.Module("providers",
	fx.Provide(
		fx.Annotate(func(cfg config.Config) *stripeadapter.Gateway {
			return stripeadapter.NewGateway(cfg.StripeKey)
		}, fx.As(new(ports.PaymentGateway))),
		fx.Annotate(func(cfg config.Config) (*wholesale.Client, error) {
			w := cfg.Wholesale
			return wholesale.New(w.BaseURL, w.APIKey, w.AccountCode, w.Timeout)
		}, fx.As(new(ports.SupplierGateway))),
		fx.Annotate(func(cfg config.Config) *sms.Client {
			s := cfg.SMS
			return sms.New(s.BaseURL, s.AccountSID, s.AuthToken, s.SenderID, s.Timeout)
		}, fx.As(new(ports.SMSSender))),
	),
)

// InsertClient is the River client used only to enqueue.
type InsertClient struct {
	*river.Client[pgx.Tx]
}

// Queue provides an insert-only River client and the JobQueue port.
var Queue = fx.Module("queue",
	fx.Provide(
		func(pool *pgxpool.Pool, log *zap.Logger) (InsertClient, error) {
			c, err := queue.NewClient(pool, queue.ClientConfig{Logger: SlogFrom(log)})
			return InsertClient{c}, err
		},
		fx.Annotate(func(c InsertClient) *queue.Enqueuer { return queue.NewEnqueuer(c.Client) }, fx.As(new(ports.JobQueue))),
	),
)

// Services provides the core services behind their ports, decorated with
// logging and metrics where the call volume warrants it.
var Services = fx.Module("services",
	fx.Provide(
		fx.Annotate(services.NewEnquiryService, fx.As(new(ports.EnquiryService))),
		fx.Annotate(services.NewQuoteService, fx.As(new(ports.QuoteService))),
		fx.Annotate(services.NewTastingService, fx.As(new(ports.TastingService))),
		fx.Annotate(services.NewPaymentService, fx.As(new(ports.PaymentService))),
		fx.Annotate(services.NewEventService, fx.As(new(ports.EventService))),
		fx.Annotate(services.NewStaffingService, fx.As(new(ports.StaffingService))),
		fx.Annotate(services.NewPurchasingService, fx.As(new(ports.PurchasingService))),
		fx.Annotate(services.NewDietaryService, fx.As(new(ports.DietaryService))),
		fx.Annotate(services.NewMessagingService, fx.As(new(ports.MessagingService))),
		fx.Annotate(services.NewPayoutService, fx.As(new(ports.PayoutService))),
	),
	fx.Decorate(
		decorators.Payments,
		decorators.Payouts,
		decorators.Purchasing,
		decorators.Messaging,
	),
)

// SlogFrom bridges zap to the slog logger River expects.
func SlogFrom(l *zap.Logger) *slog.Logger {
	return slog.New(&zapHandler{l: l.Named("river")})
}
