package repository

import (
	"github.com/google/wire"
	"gorm.io/gorm"
)

// PoolRepos binds every repository to the pool, for reads and for writes
// that stand alone.
func PoolRepos(db *gorm.DB) Repos { return NewRepos(db) }

var ProviderSet = wire.NewSet(
	NewUnitOfWork,
	PoolRepos,
	wire.FieldsOf(new(Repos),
		"Users", "Listings", "Orders", "Escrow", "Balances", "Ledger", "Transfers", "Payouts",
		"Cashouts", "Refunds", "Disputes", "Events", "Settlements", "Processed", "Outbox"),
)
