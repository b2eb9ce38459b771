package service

import (
	"log/slog"

	"github.com/google/wire"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/provider/beacon"
	"github.com/encorelane/resale/internal/provider/cardpush"
	"github.com/encorelane/resale/internal/provider/paystream"
	"github.com/encorelane/resale/internal/provider/promoter"
	"github.com/encorelane/resale/internal/provider/tillpoint"
	"github.com/encorelane/resale/internal/repository"
)

// Providers below build each service and wrap it in its logging decorator;
// binaries get the decorated value.

func ProvideListingService(listings repository.ListingRepository, events repository.EventRepository, pc promoter.Client, log *slog.Logger) ListingService {
	return WithListingLogging(NewListingService(listings, events, pc), log)
}

func ProvideCheckoutService(uow repository.UnitOfWork, listings repository.ListingRepository, orders repository.OrderRepository,
	payments tillpoint.Client, enq jobs.Enqueuer, log *slog.Logger) CheckoutService {
	return WithCheckoutLogging(NewCheckoutService(uow, listings, orders, payments, enq, DefaultFeePolicy()), log)
}

func ProvidePaymentEventService(uow repository.UnitOfWork, orders repository.OrderRepository,
	processed repository.ProcessedEventRepository, log *slog.Logger) PaymentEventService {
	return WithPaymentEventLogging(NewPaymentEventService(uow, orders, processed, log), log)
}

func ProvideTransferService(deps TransferDeps, log *slog.Logger) TransferService {
	return WithTransferLogging(NewTransferService(deps), log)
}

func ProvidePayoutService(cfg *config.Config, uow repository.UnitOfWork, repos repository.Repos, ps paystream.Client,
	enq jobs.Enqueuer, log *slog.Logger) PayoutService {
	opts := PayoutOptions{HoldAfterEvent: cfg.Worker.SettlementDelay / 2}
	return WithPayoutLogging(NewPayoutService(uow, repos, ps, enq, opts), log)
}

func ProvideRefundService(uow repository.UnitOfWork, orders repository.OrderRepository, refunds repository.RefundRepository,
	payments tillpoint.Client, log *slog.Logger) RefundService {
	return WithRefundLogging(NewRefundService(uow, orders, refunds, payments), log)
}

func ProvideCashoutService(uow repository.UnitOfWork, users repository.UserRepository, balances repository.BalanceRepository,
	cashouts repository.CashoutRepository, cards cardpush.Client, log *slog.Logger) CashoutService {
	return WithCashoutLogging(NewCashoutService(uow, users, balances, cashouts, cards), log)
}

func ProvideDisputeService(uow repository.UnitOfWork, orders repository.OrderRepository, log *slog.Logger) DisputeService {
	return WithDisputeLogging(NewDisputeService(uow, orders), log)
}

func ProvideEventService(uow repository.UnitOfWork, events repository.EventRepository, log *slog.Logger) EventService {
	return WithEventLogging(NewEventService(uow, events), log)
}

func ProvideSettlementService(cfg *config.Config, uow repository.UnitOfWork, events repository.EventRepository, log *slog.Logger) SettlementService {
	return WithSettlementLogging(NewSettlementService(uow, events, log, cfg.Worker.SettlementDelay), log)
}

func ProvideReceiptService(orders repository.OrderRepository, users repository.UserRepository, events repository.EventRepository,
	n beacon.Notifier, log *slog.Logger) ReceiptService {
	return WithReceiptLogging(NewReceiptService(orders, users, events, n), log)
}

var ProviderSet = wire.NewSet(
	ProvideListingService,
	ProvideCheckoutService,
	ProvidePaymentEventService,
	wire.Struct(new(TransferDeps), "*"),
	ProvideTransferService,
	ProvidePayoutService,
	ProvideRefundService,
	ProvideCashoutService,
	ProvideDisputeService,
	ProvideEventService,
	ProvideSettlementService,
	ProvideReceiptService,
	NewOutboxRelay,
)
