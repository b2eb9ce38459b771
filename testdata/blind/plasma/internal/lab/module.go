package lab

import (
	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/httpx"
	"github.com/veinline/plasmaops/internal/providers/labpartner"
)

// Module wires the lab domain.
var Module = fx.Module("lab",
	fx.Provide(
		NewRepository,
		NewService,
		func(c *labpartner.Client) labpartner.API { return c },
		NewResultsWebhook,
		NewSampleEventsWebhook,
		httpx.AsRoute(func(h *ResultsWebhook) httpx.Route {
			return httpx.Route{Pattern: "POST /webhooks/lab/results", Handler: h}
		}),
		httpx.AsRoute(func(h *SampleEventsWebhook) httpx.Route {
			return httpx.Route{Pattern: "POST /webhooks/lab/sample-events", Handler: h}
		}),
		NewOrderWorker,
		jobs.AsWorker(func(w *OrderWorker) jobs.Registration { return jobs.Register(w) }),
	),
)
