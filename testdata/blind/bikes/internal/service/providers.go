package service

import (
	"log/slog"

	"github.com/google/wire"

	"github.com/cyclegrid/bikeshare/internal/crews"
	"github.com/cyclegrid/bikeshare/internal/ids"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/retry"
	"github.com/cyclegrid/bikeshare/internal/sms"
	"github.com/cyclegrid/bikeshare/internal/store"
	"github.com/cyclegrid/bikeshare/internal/tasks"
)

func ProvideRideService(d RideDeps) RideService {
	return NewLoggingRideService(newRideService(d), d.Log)
}

func ProvideBillingService(tx store.TxRunner, charges repository.Charges, rides repository.Rides, riders repository.Riders,
	wallets repository.Wallets, gateway payments.Gateway, enqueuer tasks.Enqueuer, log *slog.Logger) BillingService {
	return newBillingService(tx, charges, rides, riders, wallets, gateway, enqueuer, log)
}

func ProvideWalletService(tx store.TxRunner, wallets repository.Wallets, riders repository.Riders, events repository.Events,
	gateway payments.Gateway, settings Settings, log *slog.Logger) WalletService {
	return newWalletService(tx, wallets, riders, events, gateway, settings, log)
}

func ProvidePassService(tx store.TxRunner, passes repository.Passes, riders repository.Riders, idem repository.Idempotency,
	wallet WalletService, gateway payments.Gateway, enqueuer tasks.Enqueuer, settings Settings, log *slog.Logger) PassService {
	return NewLoggingPassService(newPassService(tx, passes, riders, idem, wallet, gateway, enqueuer, settings, log), log)
}

func ProvideRefundService(refunds repository.Refunds, charges repository.Charges, gateway payments.Gateway,
	enqueuer tasks.Enqueuer, log *slog.Logger) RefundService {
	return newRefundService(refunds, charges, gateway, enqueuer, log)
}

func ProvideNotificationService(notes repository.Notifications, rides repository.Rides, riders repository.Riders,
	charges repository.Charges, refunds repository.Refunds, passes repository.Passes, sender sms.Sender,
	log *slog.Logger) NotificationService {
	inner := newNotificationService(notes, rides, riders, charges, refunds, passes, sender, ids.KSUIDs, log)
	return NewRetryingNotifications(inner, retry.Default)
}

func ProvideRebalanceService(tx store.TxRunner, jobs repository.Rebalance, docks repository.Docks, dispatcher crews.Dispatcher,
	enqueuer tasks.Enqueuer, log *slog.Logger) RebalanceService {
	return NewLoggingRebalanceService(newRebalanceService(tx, jobs, docks, dispatcher, enqueuer, log), log)
}

func ProvideMaintenanceService(tx store.TxRunner, docks repository.Docks, rides repository.Rides, log *slog.Logger) MaintenanceService {
	return newMaintenanceService(tx, docks, rides, log)
}

func ProvideAdjustmentService(rides repository.Rides, enqueuer tasks.Enqueuer, log *slog.Logger) AdjustmentService {
	return newAdjustmentService(rides, enqueuer, log)
}

// ProviderSet is every service with its decorators applied.
var ProviderSet = wire.NewSet(
	NewSettings,
	NewPricer,
	wire.Struct(new(RideDeps), "*"),
	ProvideRideService,
	ProvideBillingService,
	ProvideWalletService,
	ProvidePassService,
	ProvideRefundService,
	ProvideNotificationService,
	ProvideRebalanceService,
	ProvideMaintenanceService,
	ProvideAdjustmentService,
)
