package app

import (
	"log/slog"
	"time"

	"github.com/skyhop-logistics/dronedelivery/internal/config"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/airspace"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/objectstore"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/payments"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/sms"
	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
	"github.com/skyhop-logistics/dronedelivery/internal/service/depots"
	"github.com/skyhop-logistics/dronedelivery/internal/service/flights"
	"github.com/skyhop-logistics/dronedelivery/internal/service/orders"
	"github.com/skyhop-logistics/dronedelivery/internal/service/pod"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
	"go.uber.org/fx"
)

// Providers builds the external provider clients.
var Providers = fx.Module("providers",
	fx.Provide(
		func(cfg *config.Config, log *slog.Logger) *airspace.Client {
			return airspace.New(cfg.AirspaceURL, cfg.AirspaceOp, cfg.AirspaceKey,
				airspace.WithLogger(log.With("provider", "airspace")),
				airspace.WithTimeout(8*time.Second))
		},
		func(cfg *config.Config) *payments.Client {
			return payments.New(cfg.PaystreamURL, cfg.PaystreamKey)
		},
		func(cfg *config.Config) *sms.Client {
			return sms.New(cfg.TextlineURL, cfg.TextlineUser, cfg.TextlineToken)
		},
		func(cfg *config.Config) *objectstore.Client {
			return objectstore.New(cfg.MediaURL, cfg.MediaBucket, cfg.MediaToken)
		},
	),
)

// Services builds the domain services.
var Services = fx.Module("services",
	fx.Provide(
		orders.DefaultPricing,
		func(st store.Store, pc *payments.Client, pr *orders.Pricing, cfg *config.Config, log *slog.Logger) *orders.Service {
			return orders.New(st, pc, orders.WithPricing(pr), orders.WithDepots(cfg.Depots...), orders.WithLogger(log))
		},
		func(st store.Store, ac *airspace.Client, log *slog.Logger) *flights.Service {
			return flights.New(st, ac, flights.WithLogger(log))
		},
		func(st store.Store, log *slog.Logger) *depots.Service {
			return depots.New(st, depots.WithLogger(log))
		},
		func(st store.Store, media *objectstore.Client, sc *sms.Client, cfg *config.Config, log *slog.Logger) *pod.Service {
			return pod.New(st, media,
				pod.WithNotifier(pod.SMSNotifier{Client: sc, TrackingBase: cfg.TrackingBaseURL}),
				pod.WithLogger(log))
		},
		func(st store.Store, pc *payments.Client, pr *orders.Pricing, log *slog.Logger) *billing.Service {
			return billing.New(st, pc, billing.WithSurcharge(pr.DistanceSurcharge), billing.WithLogger(log))
		},
	),
)
