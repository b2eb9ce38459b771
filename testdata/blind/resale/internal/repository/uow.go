// Package repository implements persistence for the marketplace on gorm.
package repository

import (
	"context"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/platform/store"
)

// Repos is the set of repositories bound to one handle: the pool, or a
// transaction handed out by UnitOfWork.Do.
type Repos struct {
	Users       UserRepository
	Listings    ListingRepository
	Orders      OrderRepository
	Escrow      EscrowRepository
	Balances    BalanceRepository
	Ledger      LedgerRepository
	Transfers   TransferRepository
	Payouts     PayoutRepository
	Cashouts    CashoutRepository
	Refunds     RefundRepository
	Disputes    DisputeRepository
	Events      EventRepository
	Settlements SettlementRepository
	Processed   ProcessedEventRepository
	Outbox      OutboxRepository
}

// NewRepos binds every repository to db.
func NewRepos(db *gorm.DB) Repos {
	return Repos{
		Users:       NewUserRepository(db),
		Listings:    NewListingRepository(db),
		Orders:      NewOrderRepository(db),
		Escrow:      NewEscrowRepository(db),
		Balances:    NewBalanceRepository(db),
		Ledger:      NewLedgerRepository(db),
		Transfers:   NewTransferRepository(db),
		Payouts:     NewPayoutRepository(db),
		Cashouts:    NewCashoutRepository(db),
		Refunds:     NewRefundRepository(db),
		Disputes:    NewDisputeRepository(db),
		Events:      NewEventRepository(db),
		Settlements: NewSettlementRepository(db),
		Processed:   NewProcessedEventRepository(db),
		Outbox:      NewOutboxRepository(db),
	}
}

// UnitOfWork runs a callback against repositories bound to one transaction.
// The callback's context carries the transaction too, so helpers that take
// only a context (the outbox, for one) join it.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
}

type gormUnitOfWork struct {
	db *gorm.DB
}

func NewUnitOfWork(db *gorm.DB) UnitOfWork {
	return &gormUnitOfWork{db: db}
}

func (u *gormUnitOfWork) Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error {
	if tx, ok := store.TxFrom(ctx); ok {
		return fn(ctx, NewRepos(tx))
	}
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(store.WithTx(ctx, tx), NewRepos(tx))
	})
}
