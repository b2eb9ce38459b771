package app

import (
	"go.uber.org/fx"

	"github.com/tidewater/loyalty/internal/config"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/service/adjustment"
	"github.com/tidewater/loyalty/internal/service/catalogue"
	"github.com/tidewater/loyalty/internal/service/earning"
	"github.com/tidewater/loyalty/internal/service/expiry"
	"github.com/tidewater/loyalty/internal/service/fulfilment"
	"github.com/tidewater/loyalty/internal/service/giftcard"
	"github.com/tidewater/loyalty/internal/service/members"
	"github.com/tidewater/loyalty/internal/service/redemption"
	"github.com/tidewater/loyalty/internal/service/referral"
	"github.com/tidewater/loyalty/internal/service/statement"
	"github.com/tidewater/loyalty/internal/service/tier"
	"github.com/tidewater/loyalty/internal/service/topup"
	"github.com/tidewater/loyalty/internal/service/transfer"
	"github.com/tidewater/loyalty/internal/service/vouchers"
	"github.com/tidewater/loyalty/internal/store"
	"github.com/tidewater/loyalty/internal/transport/httpapi"
	"github.com/tidewater/loyalty/internal/transport/natsconsumer"
	"github.com/tidewater/loyalty/internal/transport/sqsconsumer"
	"github.com/tidewater/loyalty/internal/workflows"
)

// StoreModule binds the Postgres repositories to the service-side
// repository interfaces.
var StoreModule = fx.Module("store",
	fx.Provide(
		fx.Annotate(store.NewMembers,
			fx.As(new(members.Reader)),
			fx.As(new(catalogue.MemberReader)),
			fx.As(new(statement.MemberReader)),
			fx.As(new(tier.MemberRepository)),
		),
		fx.Annotate(store.NewTierHistory, fx.As(new(tier.HistoryRepository))),
		fx.Annotate(store.NewLedger, fx.As(new(tier.LedgerRepository)), fx.As(new(vouchers.LedgerRepository))),
		fx.Annotate(store.NewVouchers, fx.As(new(vouchers.VoucherRepository))),
		fx.Annotate(store.NewInbox, fx.As(new(fulfilment.Inbox))),
		fx.Annotate(store.NewIdempotencyStore, fx.As(new(transfer.IdempotencyStore))),
		fx.Annotate(store.NewTopUps, fx.As(new(topup.Repository))),
		fx.Annotate(store.NewGiftCards, fx.As(new(giftcard.Repository))),
		fx.Annotate(store.NewStatements, fx.As(new(statement.Repository))),
	),
)

func tierPolicy() domain.TierPolicy { return domain.DefaultTierPolicy }

func catalogueItems() catalogue.ItemSource { return catalogue.DefaultItems }

func giftCardConfig(cfg config.Config) giftcard.Config {
	return giftcard.Config{TaskQueue: cfg.TemporalTaskQueue}
}

func statementConfig(cfg config.Config) statement.Config {
	return statement.Config{TaskQueue: cfg.TemporalTaskQueue}
}

func referralConfig(cfg config.Config) referral.Config {
	return referral.Config{BonusPoints: cfg.ReferralBonusPoints}
}

func expiryConfig(cfg config.Config) expiry.Config {
	return expiry.Config{Months: cfg.ExpiryMonths, BatchSize: 500}
}

// ServicesModule provides the business services, each exposed through the
// interfaces its transports consume.
var ServicesModule = fx.Module("services",
	fx.Provide(
		tierPolicy,
		catalogueItems,
		giftCardConfig,
		statementConfig,
		referralConfig,
		expiryConfig,

		fx.Annotate(members.NewService, fx.As(new(httpapi.MemberService))),
		fx.Annotate(redemption.NewService, fx.As(new(httpapi.RedemptionService))),
		fx.Annotate(transfer.NewService, fx.As(new(httpapi.TransferService))),
		fx.Annotate(vouchers.NewService, fx.As(new(httpapi.VoucherService))),
		fx.Annotate(adjustment.NewService, fx.As(new(httpapi.AdjustmentService))),
		fx.Annotate(catalogue.NewService, fx.As(new(httpapi.CatalogueService))),
		fx.Annotate(topup.NewService, fx.As(new(httpapi.TopUpService))),
		fx.Annotate(giftcard.NewService,
			fx.As(new(httpapi.GiftCardService)),
			fx.As(new(workflows.GiftCardService)),
		),
		fx.Annotate(statement.NewService,
			fx.As(new(httpapi.StatementService)),
			fx.As(new(workflows.StatementService)),
		),
		fx.Annotate(earning.NewService, fx.As(new(natsconsumer.EarningService))),
		fx.Annotate(tier.NewService, fx.As(new(natsconsumer.TierService))),
		fx.Annotate(referral.NewService, fx.As(new(natsconsumer.ReferralService))),
		fx.Annotate(fulfilment.NewService, fx.As(new(sqsconsumer.FulfilmentService))),
		fx.Annotate(expiry.NewService, fx.As(new(workflows.ExpiryService))),
	),
)
