//go:build wireinject

package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/wire"

	"github.com/frostline/coldchain/internal/billing"
	"github.com/frostline/coldchain/internal/claims"
	"github.com/frostline/coldchain/internal/customs"
	"github.com/frostline/coldchain/internal/httpapi"
	"github.com/frostline/coldchain/internal/payouts"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/shipment"
	"github.com/frostline/coldchain/internal/wiring"
)

func initializeAPI(ctx context.Context, cfg platform.Config, log *slog.Logger) (*http.Server, func(), error) {
	wire.Build(
		wiring.Infra,
		wiring.Providers,
		wiring.Repositories,
		wiring.Services,
		wiring.ProvideWebhookVerifier,
		wiring.ProvideEventRouter,
		wire.Struct(new(httpapi.Handlers), "*"),
		wire.Bind(new(httpapi.ShipmentService), new(*shipment.Service)),
		wire.Bind(new(httpapi.InvoiceService), new(*billing.InvoiceService)),
		wire.Bind(new(httpapi.PaymentService), new(*billing.PaymentService)),
		wire.Bind(new(httpapi.ClaimService), new(*claims.Service)),
		wire.Bind(new(httpapi.CustomsService), new(*customs.Service)),
		wire.Bind(new(httpapi.DriverService), new(*payouts.Service)),
		wire.Bind(new(httpapi.WebhookVerifier), new(*httpapi.StripeVerifier)),
		wire.Bind(new(httpapi.EventDispatcher), new(*billing.EventRouter)),
		httpapi.NewRouter,
		provideServer,
	)
	return nil, nil, nil
}
