// Package service wires the use-case services for dependency injection.
package service

import (
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/service/billing"
	"github.com/harborline/brokerage/internal/service/clearance"
	"github.com/harborline/brokerage/internal/service/declarations"
	"github.com/harborline/brokerage/internal/service/importers"
	"github.com/harborline/brokerage/internal/service/inspections"
	"github.com/harborline/brokerage/internal/service/payments"
	"github.com/harborline/brokerage/internal/service/shipments"
)

// Module provides every service under its interface.
var Module = fx.Module("service",
	fx.Provide(
		fx.Annotate(shipments.New, fx.As(new(shipments.Service))),
		fx.Annotate(shipments.NewArrivals, fx.As(new(shipments.Arrivals))),
		fx.Annotate(payments.New, fx.As(new(payments.Service))),
		fx.Annotate(importers.New, fx.As(new(importers.Service))),
		fx.Annotate(declarations.New, fx.As(new(declarations.Service))),
		fx.Annotate(clearance.New, fx.As(new(clearance.Service))),
		fx.Annotate(inspections.New, fx.As(new(inspections.Service))),
		fx.Annotate(billing.New, fx.As(new(billing.Service))),
	),
)
