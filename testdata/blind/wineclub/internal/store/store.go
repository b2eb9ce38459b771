// Package store holds the gorm repositories. Repositories that are used
// inside a caller's transaction take the *gorm.DB per call; the others hold
// the pool.
package store

import (
	"github.com/google/wire"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ProviderSet is the repository provider set.
var ProviderSet = wire.NewSet(
	NewMembers,
	NewKeys,
	NewCredits,
	NewAllocations,
	NewInventory,
	NewCharges,
	NewWebhookEvents,
	NewProcessed,
	NewShipments,
	NewGifts,
	NewSubmissions,
	NewOutbox,
	NewResponseStore,
)

func doNothingOn(cols ...string) clause.OnConflict {
	c := clause.OnConflict{DoNothing: true}
	for _, col := range cols {
		c.Columns = append(c.Columns, clause.Column{Name: col})
	}
	return c
}

func forUpdate(tx *gorm.DB) *gorm.DB {
	return tx.Clauses(clause.Locking{Strength: "UPDATE"})
}
