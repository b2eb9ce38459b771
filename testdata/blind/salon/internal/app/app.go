// Package app holds the fx options shared by every binary.
package app

import (
	"log/slog"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/velvetchair/salon/internal/adapters/jobs"
	"github.com/velvetchair/salon/internal/adapters/messaging/sendwell"
	"github.com/velvetchair/salon/internal/adapters/natsbus"
	"github.com/velvetchair/salon/internal/adapters/payments/tillpoint"
	"github.com/velvetchair/salon/internal/adapters/payouts/fairpay"
	"github.com/velvetchair/salon/internal/adapters/postgres"
	"github.com/velvetchair/salon/internal/config"
	"github.com/velvetchair/salon/internal/core/services"
)

// Core wires configuration, storage, providers, the event bus, the job
// queue and the services.
var Core = fx.Options(
	config.Module,
	postgres.Module,
	tillpoint.Module,
	sendwell.Module,
	fairpay.Module,
	natsbus.Module,
	jobs.Module,
	services.Module,
	fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
		return &fxevent.SlogLogger{Logger: log.With("component", "fx")}
	}),
)
