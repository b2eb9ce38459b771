// Package app wires the escrow service with uber fx.
package app

import (
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/gigbridge/escrow/internal/config"
	"github.com/gigbridge/escrow/internal/store"
)

// Infra provides configuration, logging, the database and metrics.
var Infra = fx.Module("infra",
	fx.Provide(
		config.FromEnv,
		newLogger,
		newClock,
		newPool,
		newDB,
		newRegistry,
		newRecorder,
		newQueue,
		store.NewIdempotencyKeys,
		store.NewWebhookEvents,
	),
	fx.Invoke(migrate),
)

// Providers provides the external provider clients.
var Providers = fx.Module("providers",
	fx.Provide(
		newPaymentsClient,
		newPayoutsClient,
		newFXClient,
		newTaxFormsClient,
		newNotifier,
	),
)

// Services provides the domain services.
var Services = fx.Module("services",
	fx.Provide(
		newMilestones,
		newWork,
		newFees,
		newDisputes,
		newPayouts,
		newFX,
		newTax,
	),
)

// Transport provides the HTTP server with the connect and webhook handlers.
var Transport = fx.Module("transport",
	fx.Provide(newRoutes, newServer),
	fx.Invoke(func(*http.Server) {}),
)

// Workers provides the River worker client.
var Workers = fx.Module("workers",
	fx.Provide(newWorkerClient),
	fx.Invoke(func(*river.Client[pgx.Tx]) {}),
)

// Module is the whole service.
var Module = fx.Options(Infra, Providers, Services, Transport, Workers)
