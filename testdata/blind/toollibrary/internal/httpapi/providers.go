package httpapi

import "github.com/google/wire"

// ProviderSet provides the handler groups and the router.
var ProviderSet = wire.NewSet(
	NewMemberHandler,
	NewReservationHandler,
	NewLoanHandler,
	NewStaffHandler,
	NewFeeHandler,
	NewWebhookHandler,
	wire.Struct(new(Handlers), "*"),
	NewRouter,
)
