package store

import "github.com/google/wire"

// ProviderSet provides every repository.
var ProviderSet = wire.NewSet(
	NewCustomers, NewVehicles, NewReservations, NewIdempotencyKeys, NewPaymentOps,
	NewRentals, NewCharges, NewPayments, NewRefunds, NewSettlementRuns,
	NewClaims, NewFines, NewTelematics, NewInbox, NewNotices,
)
