package wiring

import (
	"github.com/google/wire"

	"github.com/kelpline-systems/quotareg/internal/httpapi"
)

var APISet = wire.NewSet(
	httpapi.NewVesselHandlers,
	httpapi.NewQuotaHandlers,
	httpapi.NewLandingHandlers,
	httpapi.NewPortCallHandlers,
	httpapi.NewObserverHandlers,
	httpapi.NewCertificateHandlers,
	httpapi.NewWebhookHandlers,
	wire.Struct(new(httpapi.Handlers), "*"),
	httpapi.NewServer,
)
