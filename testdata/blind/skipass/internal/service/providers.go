package service

import (
	"log/slog"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/store"
)

// The Provide* functions are the wire providers: each builds the concrete
// service and wraps it in its logging decorator.

func ProvideOrderService(cfg config.Config, db *bun.DB, accounts store.Accounts, products store.Products,
	inventory store.Inventory, orders store.Orders, passes store.Passes, keys store.Keys,
	payments Payments, q queue.Enqueuer, log *slog.Logger) OrderService {
	return WithOrderLogging(NewOrderService(cfg, db, accounts, products, inventory, orders, passes, keys, payments, q), log)
}

func ProvideSeasonPassService(cfg config.Config, db *bun.DB, accounts store.Accounts, products store.Products,
	contracts store.Contracts, passes store.Passes, q queue.Enqueuer, log *slog.Logger) SeasonPassService {
	return WithSeasonLogging(NewSeasonPassService(cfg, db, accounts, products, contracts, passes, q), log)
}

func ProvideClosureService(db *bun.DB, closures store.Closures, passes store.Passes, orders store.Orders,
	refunds store.WeatherRefunds, q queue.Enqueuer, log *slog.Logger) ClosureService {
	return WithClosureLogging(NewClosureService(db, closures, passes, orders, refunds, q), log)
}

func ProvideClaimService(db *bun.DB, passes store.Passes, contracts store.Contracts, closures store.Closures,
	claims store.Claims, q queue.Enqueuer, log *slog.Logger) ClaimService {
	return WithClaimLogging(NewClaimService(db, passes, contracts, closures, claims, q), log)
}

func ProvideRefundService(db *bun.DB, payments Payments, weather store.WeatherRefunds, claims store.Claims,
	orders store.Orders, passes store.Passes, log *slog.Logger) RefundService {
	return WithRefundLogging(NewRefundService(db, payments, weather, claims, orders, passes), log)
}

func ProvideCardService(cfg config.Config, db *bun.DB, accounts store.Accounts, passes store.Passes, cards store.Cards,
	issuer CardIssuer, texts TextSender, q queue.Enqueuer, log *slog.Logger) CardService {
	return WithCardLogging(NewCardService(cfg, db, accounts, passes, cards, issuer, texts, q, log), log)
}

func ProvideLoyaltyService(db *bun.DB, accounts store.Accounts, ledger store.Loyalty, rideDays store.RideDays,
	keys store.Keys, log *slog.Logger) LoyaltyService {
	return WithLoyaltyLogging(NewLoyaltyService(db, accounts, ledger, rideDays, keys, log), log)
}

func ProvideAccountService(db *bun.DB, accounts store.Accounts, log *slog.Logger) AccountService {
	return WithAccountLogging(NewAccountService(db, accounts), log)
}

func ProvideGateService(cfg config.Config, db *bun.DB, gates store.Gates, passes store.Passes, scans store.Scans,
	rideDays store.RideDays, q queue.Enqueuer, log *slog.Logger) GateService {
	return WithGateLogging(NewGateService(cfg, db, gates, passes, scans, rideDays, q), log)
}

func ProvideGroupService(cfg config.Config, db *bun.DB, groups store.Groups, invoicer Invoicer, payments Payments,
	mail Mailer, log *slog.Logger) GroupService {
	return WithGroupLogging(NewGroupService(cfg, db, groups, invoicer, payments, mail), log)
}

func ProvideBillingService(db *bun.DB, groups store.Groups, invoices store.GroupInvoices, invoicer Invoicer,
	mail Mailer, q queue.Enqueuer, log *slog.Logger) BillingService {
	return WithBillingLogging(NewBillingService(db, groups, invoices, invoicer, mail, q, log), log)
}

func ProvideInstalmentService(db *bun.DB, accounts store.Accounts, contracts store.Contracts,
	instalments store.Instalments, notifications store.Notifications, payments Payments, mail Mailer,
	q queue.Enqueuer, log *slog.Logger) InstalmentService {
	return WithInstalmentLogging(NewInstalmentService(db, accounts, contracts, instalments, notifications,
		payments, mail, q, log), log)
}

func ProvidePaymentEventService(db *bun.DB, orders OrderService, instalments InstalmentService,
	log *slog.Logger) PaymentEventService {
	return WithPaymentEventLogging(NewPaymentEventService(db, orders, instalments, log), log)
}
