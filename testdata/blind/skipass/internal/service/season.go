package service

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/model"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/store"
	"github.com/summitline/skipass/internal/tasks"
)

type SeasonPurchaseInput struct {
	AccountID   string
	ProductID   string
	HolderName  string
	Instalments int
}

type SeasonPurchase struct {
	ContractID string
	PassID     string
	Schedule   []*model.Instalment
}

// SeasonPassService sells season passes paid in monthly instalments.
type SeasonPassService interface {
	Purchase(ctx context.Context, in SeasonPurchaseInput) (*SeasonPurchase, error)
}

type seasonPassService struct {
	db        *bun.DB
	accounts  store.Accounts
	products  store.Products
	contracts store.Contracts
	passes    store.Passes
	queue     queue.Enqueuer
	tz        *time.Location
	now       Clock
}

func NewSeasonPassService(cfg config.Config, db *bun.DB, accounts store.Accounts, products store.Products,
	contracts store.Contracts, passes store.Passes, q queue.Enqueuer) *seasonPassService {
	return &seasonPassService{
		db: db, accounts: accounts, products: products, contracts: contracts,
		passes: passes, queue: q, tz: cfg.Timezone, now: time.Now,
	}
}

const maxInstalments = 6

func (s *seasonPassService) Purchase(ctx context.Context, in SeasonPurchaseInput) (*SeasonPurchase, error) {
	if in.Instalments < 1 || in.Instalments > maxInstalments || strings.TrimSpace(in.HolderName) == "" {
		return nil, ErrInvalid
	}
	acct, err := s.accounts.Get(ctx, s.db, in.AccountID)
	if err != nil {
		return nil, mapErr(err)
	}
	if acct.StripeCustomerID == "" || acct.DefaultPaymentMethod == "" {
		return nil, fmt.Errorf("a saved card is required for instalments: %w", ErrInvalid)
	}
	product, err := s.products.Get(ctx, s.db, in.ProductID)
	if err != nil {
		return nil, mapErr(err)
	}
	if product.Kind != model.ProductSeasonPass {
		return nil, ErrInvalid
	}
	from, to, err := seasonWindow(product.Season, s.tz)
	if err != nil {
		return nil, err
	}

	contract := model.NewSeasonContract(acct.ID, product, in.HolderName, in.Instalments)
	today := s.now().In(s.tz)
	schedule := contract.Schedule(time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, s.tz))
	pass := &model.Pass{
		ID:         uuid.NewString(),
		AccountID:  acct.ID,
		ProductID:  product.ID,
		Kind:       model.ProductSeasonPass,
		ContractID: &contract.ID,
		HolderName: in.HolderName,
		ValidFrom:  from,
		ValidTo:    to,
		Status:     model.PassAwaitingCard,
	}

	if _, err := withTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) (int64, error) {
		if err := s.contracts.Insert(ctx, tx, contract, schedule); err != nil {
			return 0, err
		}
		return s.passes.InsertIfAbsent(ctx, tx, []*model.Pass{pass})
	}); err != nil {
		return nil, err
	}

	first := schedule[0]
	charge, err := tasks.New(tasks.TypeChargeInstalment, tasks.ChargeInstalment{InstalmentID: first.ID})
	if err != nil {
		return nil, err
	}
	if err := tasks.Enqueue(ctx, s.queue, charge,
		tasks.Options(tasks.TypeChargeInstalment, tasks.ID("instalment", first.ID, 1))...); err != nil {
		return nil, err
	}
	encode, err := tasks.New(tasks.TypeEncodePass, tasks.EncodePass{PassID: pass.ID})
	if err != nil {
		return nil, err
	}
	if err := tasks.Enqueue(ctx, s.queue, encode,
		tasks.Options(tasks.TypeEncodePass, tasks.ID("encode", pass.ID))...); err != nil {
		return nil, err
	}
	return &SeasonPurchase{ContractID: contract.ID, PassID: pass.ID, Schedule: schedule}, nil
}

// seasonWindow turns "2025/26" into 1 November 2025 .. 30 April 2026.
func seasonWindow(season string, tz *time.Location) (time.Time, time.Time, error) {
	start, _, ok := strings.Cut(season, "/")
	y, err := strconv.Atoi(start)
	if !ok || err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("bad season %q: %w", season, ErrInvalid)
	}
	from := time.Date(y, time.November, 1, 0, 0, 0, 0, tz)
	to := time.Date(y+1, time.April, 30, 0, 0, 0, 0, tz)
	return from, to, nil
}

func seasonDays(p *model.Pass) int64 {
	d := int64(p.ValidTo.Sub(p.ValidFrom).Hours()/24) + 1
	if d < 1 {
		return 1
	}
	return d
}
