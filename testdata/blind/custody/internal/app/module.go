package app

import "go.uber.org/fx"

var Module = fx.Module("app",
	fx.Provide(
		NewLedgerService,
		NewNotificationService,
		NewWalletService,
		NewWithdrawalService,
		NewDepositService,
		NewFiatService,
		NewComplianceService,
	),
)
