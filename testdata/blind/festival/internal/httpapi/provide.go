package httpapi

import "github.com/google/wire"

var ProviderSet = wire.NewSet(
	NewServer,
	NewWristbandHandlers,
	NewWalletHandlers,
	NewAttendeeHandlers,
	NewPOSHandlers,
	NewVendorHandlers,
)
