// Package app assembles the fx modules shared by the server and worker.
package app

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/config"
	"github.com/stenoline-legal/depobook/internal/platform/dbx"
	"github.com/stenoline-legal/depobook/internal/provider/mailer"
	"github.com/stenoline-legal/depobook/internal/provider/portal"
	"github.com/stenoline-legal/depobook/internal/provider/sms"
	"github.com/stenoline-legal/depobook/internal/provider/stripepay"
	"github.com/stenoline-legal/depobook/internal/queue"
	"github.com/stenoline-legal/depobook/internal/repository/pgrepo"
	"github.com/stenoline-legal/depobook/internal/service"
	"github.com/stenoline-legal/depobook/internal/service/alerts"
	"github.com/stenoline-legal/depobook/internal/service/billing"
	"github.com/stenoline-legal/depobook/internal/service/booking"
	"github.com/stenoline-legal/depobook/internal/service/metrics"
	"github.com/stenoline-legal/depobook/internal/service/payroll"
	"github.com/stenoline-legal/depobook/internal/service/transcript"
)

// Base provides configuration, logging and metrics registration.
var Base = fx.Module("base",
	fx.Provide(
		config.Load,
		newLogger,
		func() prometheus.Registerer { return prometheus.DefaultRegisterer },
		func() service.Clock { return func() time.Time { return time.Now().UTC() } },
	),
)

// Providers wires the partner clients to the service ports.
var Providers = fx.Module("providers",
	fx.Provide(
		stripepay.New,
		portal.New,
		sms.New,
		mailer.New,
		func(c *stripepay.Client) service.CardProcessor { return c },
		func(c *portal.Client) service.Portal { return c },
		func(c *sms.Client) service.SMS { return c },
		func(c *mailer.Client) service.Mailer { return c },
	),
)

// Services wires the service implementations to their interfaces.
var Services = fx.Module("services",
	fx.Provide(
		fx.Annotate(booking.New, fx.As(new(service.Bookings))),
		fx.Annotate(transcript.New, fx.As(new(service.Transcripts))),
		fx.Annotate(billing.New, fx.As(new(service.Billing))),
		fx.Annotate(payroll.New, fx.As(new(service.Payroll))),
		fx.Annotate(alerts.New, fx.As(new(service.Alerts))),
	),
)

// Core is everything except the transport.
var Core = fx.Options(
	Base,
	dbx.Module,
	pgrepo.Module,
	queue.Module,
	Providers,
	Services,
	// Decorated at the root so every consumer of service.Billing,
	// handlers and worker routes alike, gets the instrumented one.
	fx.Decorate(metrics.DecorateBilling),
)

func newLogger() (*zap.Logger, error) {
	return zap.NewProduction()
}
