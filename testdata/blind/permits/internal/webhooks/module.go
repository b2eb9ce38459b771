package webhooks

import (
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/platform/httpserver"
)

// Module provides the webhook receivers as routes.
var Module = fx.Module("webhooks",
	fx.Provide(
		httpserver.AsRoute(NewStripeReceiver),
		httpserver.AsRoute(NewDocscanReceiver),
		httpserver.AsRoute(NewInspectionReceiver),
		httpserver.AsRoute(NewMessagingReceiver),
	),
)
