// Package app holds the fx modules shared by the binaries.
package app

import (
	"context"
	"log/slog"
	"os"

	"cloud.google.com/go/pubsub/v2"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"github.com/learnloop/tutoring/internal/config"
	"github.com/learnloop/tutoring/internal/consumers"
	"github.com/learnloop/tutoring/internal/events"
	"github.com/learnloop/tutoring/internal/grpcapi"
	"github.com/learnloop/tutoring/internal/httpapi"
	"github.com/learnloop/tutoring/internal/jobs"
	"github.com/learnloop/tutoring/internal/payments"
	"github.com/learnloop/tutoring/internal/platform/database"
	"github.com/learnloop/tutoring/internal/providers/affiliate"
	"github.com/learnloop/tutoring/internal/providers/messaging"
	"github.com/learnloop/tutoring/internal/providers/partners"
	"github.com/learnloop/tutoring/internal/providers/videovendor"
	"github.com/learnloop/tutoring/internal/service/availability"
	"github.com/learnloop/tutoring/internal/service/booking"
	"github.com/learnloop/tutoring/internal/service/cancellation"
	"github.com/learnloop/tutoring/internal/service/credits"
	"github.com/learnloop/tutoring/internal/service/lessonops"
	"github.com/learnloop/tutoring/internal/service/notify"
	"github.com/learnloop/tutoring/internal/service/onboarding"
	"github.com/learnloop/tutoring/internal/service/payouts"
	"github.com/learnloop/tutoring/internal/service/purchases"
	"github.com/learnloop/tutoring/internal/service/referrals"
	"github.com/learnloop/tutoring/internal/service/reviews"
	"github.com/learnloop/tutoring/internal/service/video"
	"github.com/learnloop/tutoring/internal/store"
)

// NewLogger builds the process logger.
func NewLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// NewPubSub opens the Pub/Sub client.
func NewPubSub(lc fx.Lifecycle, cfg config.Config) (*pubsub.Client, error) {
	c, err := pubsub.NewClient(context.Background(), cfg.GCPProject)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(c.Close))
	return c, nil
}

// Stores provides every repository behind its interface.
var Stores = fx.Module("stores",
	fx.Provide(
		fx.Annotate(store.NewLessons, fx.As(new(store.Lessons))),
		fx.Annotate(store.NewAvailability, fx.As(new(store.Availability))),
		fx.Annotate(store.NewRoster, fx.As(new(store.Roster))),
		fx.Annotate(store.NewLedger, fx.As(new(store.Ledger))),
		fx.Annotate(store.NewPurchases, fx.As(new(store.Purchases))),
		fx.Annotate(store.NewRefunds, fx.As(new(store.Refunds))),
		fx.Annotate(store.NewStudents, fx.As(new(store.Students))),
		fx.Annotate(store.NewTutors, fx.As(new(store.Tutors))),
		fx.Annotate(store.NewApplications, fx.As(new(store.Applications))),
		fx.Annotate(store.NewPartners, fx.As(new(store.Partners))),
		fx.Annotate(store.NewReviews, fx.As(new(store.Reviews))),
		fx.Annotate(store.NewReferrals, fx.As(new(store.Referrals))),
		fx.Annotate(store.NewRooms, fx.As(new(store.Rooms))),
		fx.Annotate(store.NewSessions, fx.As(new(store.Sessions))),
		fx.Annotate(store.NewEarnings, fx.As(new(store.Earnings))),
		fx.Annotate(store.NewPayouts, fx.As(new(store.Payouts))),
		fx.Annotate(store.NewNotifications, fx.As(new(store.Notifications))),
		fx.Annotate(store.NewIdempotencyKeys, fx.As(new(store.IdempotencyKeys))),
		fx.Annotate(store.NewStripeEvents, fx.As(new(store.StripeEvents))),
	),
)

// Providers wires the external vendors.
var Providers = fx.Module("providers",
	fx.Provide(
		payments.NewStripeGateway,
		fx.Annotate(payments.NewRetrying, fx.As(new(payments.Gateway))),
		videovendor.New,
		func(c *videovendor.Client) video.RoomProvider { return c },
		messaging.New,
		fx.Annotate(messaging.NewLogged, fx.As(new(messaging.Sender))),
		fx.Annotate(partners.New, fx.As(new(consumers.PartnerBooker))),
		fx.Annotate(affiliate.New, fx.As(new(referrals.ConversionReporter))),
		NewPubSub,
		fx.Annotate(events.NewPublisher, fx.As(new(events.Publisher))),
		jobs.RedisOpt,
		jobs.NewClient,
		fx.Annotate(jobs.NewEnqueuer, fx.As(new(jobs.Enqueuer))),
	),
)

// Services wires the domain services.
var Services = fx.Module("services",
	fx.Provide(
		booking.New,
		purchases.NewCatalog,
		purchases.New,
		cancellation.New,
		reviews.New,
		fx.Annotate(referrals.NewKeyDedup, fx.As(new(referrals.Dedup))),
		referrals.New,
		referrals.NewReporter,
		credits.New,
		credits.NewExpirer,
		onboarding.New,
		availability.New,
		video.New,
		notify.New,
		payouts.New,
		newLessonOps,
	),
)

type lessonOpsIn struct {
	fx.In

	Pool      *pgxpool.Pool
	Lessons   store.Lessons
	Tutors    store.Tutors
	Students  store.Students
	Ledger    store.Ledger
	Purchases store.Purchases
	Earnings  store.Earnings
	Referrals referrals.Service
	Jobs      jobs.Enqueuer
	Publisher events.Publisher
	Sender    messaging.Sender
	Config    config.Config
	Log       *slog.Logger
}

func newLessonOps(in lessonOpsIn) lessonops.Service {
	return lessonops.New(lessonops.Deps{
		Pool: in.Pool, Lessons: in.Lessons, Tutors: in.Tutors, Students: in.Students, Ledger: in.Ledger,
		Purchases: in.Purchases, Earnings: in.Earnings, Referrals: in.Referrals, Jobs: in.Jobs,
		Publisher: in.Publisher, Sender: in.Sender, Config: in.Config, Log: in.Log,
	})
}

// Core is everything both binaries need.
var Core = fx.Options(
	fx.Provide(config.Load, NewLogger, database.NewPool),
	Stores,
	Providers,
	Services,
)

// API serves gRPC and HTTP.
var API = fx.Module("api",
	fx.Provide(
		grpcapi.NewServer,
		grpcapi.NewGRPCServer,
		func(h httpapi.TutorHandlers) *httpapi.TutorHandlers { return &h },
		httpapi.NewStripeWebhook,
		httpapi.NewVideoWebhook,
		httpapi.NewMessagingWebhook,
		httpapi.NewRouter,
	),
	fx.Invoke(grpcapi.Start, httpapi.Start),
)

// Worker runs the Pub/Sub consumers and the asynq server.
var Worker = fx.Module("worker",
	fx.Provide(
		fx.Annotate(consumers.NewLessonConsumers, fx.As(new(consumers.Provider)), fx.ResultTags(`group:"subscriptions"`)),
		fx.Annotate(consumers.NewBackofficeConsumers, fx.As(new(consumers.Provider)), fx.ResultTags(`group:"subscriptions"`)),
		func(n notify.Service, v video.Service, p payouts.Service, e *credits.Expirer, r *referrals.Reporter, log *slog.Logger) *jobs.Handlers {
			return &jobs.Handlers{Notify: n, Video: v, Payouts: p, Expirer: e, Referral: r, Log: log}
		},
	),
	fx.Invoke(consumers.Run, jobs.RunWorker),
)
