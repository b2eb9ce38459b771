package service

import "github.com/google/wire"

// ProviderSet provides every service implementation.
var ProviderSet = wire.NewSet(
	NewMemberService,
	NewReservationService,
	NewLoanService,
	NewDepositService,
	NewFeeService,
	NewLockerService,
	NewNotificationService,
	NewRepairService,
	NewCardEventService,
)
