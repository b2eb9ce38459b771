package app

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/freshpress/laundry/internal/billing"
	"github.com/freshpress/laundry/internal/courier"
	"github.com/freshpress/laundry/internal/dispatch"
	"github.com/freshpress/laundry/internal/ledger"
	"github.com/freshpress/laundry/internal/loyalty"
	"github.com/freshpress/laundry/internal/notify"
	"github.com/freshpress/laundry/internal/orders"
	"github.com/freshpress/laundry/internal/payments"
	"github.com/freshpress/laundry/internal/plant"
	"github.com/freshpress/laundry/internal/store"
)

// Core is the storage every binary shares.
type Core struct {
	DB     *gorm.DB
	Ledger *ledger.Ledger
	UoW    store.UnitOfWork
	Repos  store.Repos
	Log    *slog.Logger
}

func NewCore(db *gorm.DB, ledgerDB *sql.DB, log *slog.Logger) *Core {
	return &Core{
		DB:     db,
		Ledger: ledger.New(ledgerDB),
		UoW:    store.NewUnitOfWork(db),
		Repos:  store.NewRepos(db),
		Log:    log,
	}
}

func NewProcessor(cfg Config, log *slog.Logger) billing.Processor {
	c := payments.NewClient(cfg.ProcessorURL, cfg.ProcessorKey,
		payments.WithHTTPClient(&http.Client{Timeout: cfg.HTTPTimeout}))
	return billing.Instrument(c, log.With("provider", "processor"))
}

func NewCourier(cfg Config) *courier.Client {
	return courier.NewClient(cfg.CourierURL, cfg.CourierKey, cfg.HTTPTimeout)
}

func NewSMS(cfg Config) *notify.SMSClient {
	return notify.NewSMSClient(cfg.SMSURL, cfg.SMSKey, cfg.SMSFrom, cfg.HTTPTimeout)
}

func NewPush(cfg Config) *notify.PushClient {
	return notify.NewPushClient(cfg.PushURL, cfg.PushKey, cfg.HTTPTimeout)
}

func NewLoyalty(core *Core) *loyalty.Service {
	return loyalty.NewService(core.Ledger, core.Repos.Orders, core.Repos.Customers, loyalty.DefaultRates,
		core.Log.With("component", "loyalty"))
}

// NewBilling wires billing. sched may be nil in binaries that never capture.
func NewBilling(core *Core, cfg Config, p billing.Processor, sched billing.CaptureRetryScheduler, loy *loyalty.Service) *billing.Service {
	tips := store.NewDriverTips(core.DB)
	opts := []billing.Option{
		billing.WithLogger(core.Log.With("component", "billing")),
		billing.WithCredits(loy.CreditsFor),
		billing.WithTipRecorder(func(ctx context.Context, orderID uuid.UUID, amount int64) error {
			return tips.Upsert(ctx, &store.DriverTip{OrderID: orderID, AmountCents: amount})
		}),
	}
	if sched != nil {
		opts = append(opts, billing.WithCaptureRetries(sched))
	}
	return billing.New(core.UoW, core.Repos, p, cfg.Currency, opts...)
}

func PlantLocation() dispatch.Plant {
	return dispatch.Plant{
		Code: env("PLANT_CODE", "PL1"),
		Stop: courier.Stop{
			Name:     "FreshPress Plant",
			Phone:    env("PLANT_PHONE", "+15550100"),
			Line1:    env("PLANT_ADDRESS", "1 Works Road"),
			City:     env("PLANT_CITY", "Springfield"),
			Postcode: env("PLANT_POSTCODE", "00001"),
		},
	}
}

func NewDispatch(core *Core, cfg Config, c dispatch.Courier) *dispatch.Service {
	return dispatch.NewService(core.UoW, core.Repos, store.NewDriverTips(core.DB), c, PlantLocation(),
		cfg.Currency, core.Log.With("component", "dispatch"))
}

func NewOrders(core *Core, b *billing.Service, fees orders.FeeScheduler) *orders.Service {
	return orders.NewService(core.UoW, core.Repos, b, fees, core.Log.With("component", "orders"))
}

func NewPlant(core *Core, d plant.DeliveryBooker, loy *loyalty.Service) *plant.Service {
	return plant.NewService(plant.Deps{
		DB:       core.DB,
		Garments: store.NewGarmentRepo(core.DB),
		Damage:   store.NewDamageReports(core.DB),
		Intakes:  store.NewPlantIntakes(core.DB),
		Orders:   core.Repos.Orders,
		Delivery: d,
		Credit:   loy.CreditDamage,
		Code:     PlantLocation().Code,
		Log:      core.Log.With("component", "plant"),
	})
}
