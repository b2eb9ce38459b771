// Package keystore claims request keys in the transaction the context
// carries.
package keystore

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/wiredrepo/database"
	"example.com/wiredrepo/domain"
)

// Keys claims keys.
type Keys struct{ DB *gorm.DB }

// Claim inserts key unless it is there, and reports whether it did.
func (k *Keys) Claim(ctx context.Context, key string) (bool, error) {
	res := database.Conn(ctx, k.DB).Clauses(clause.OnConflict{DoNothing: true}).Create(&domain.IdempotencyKey{Key: key})
	return res.RowsAffected == 1, res.Error
}

// Shipments stores shipments under the ID they are given.
type Shipments struct{ DB *gorm.DB }

// Put inserts the shipment.
func (s *Shipments) Put(ctx context.Context, sh *domain.Shipment) error {
	return database.Conn(ctx, s.DB).Create(sh).Error // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into shipments in keystore.Shipments.Put has no conflict handling for the caller-known id \(HTTP handler Handler.RegisterCaptured\)`
}

// Add inserts the shipment.
func (s *Shipments) Add(ctx context.Context, sh *domain.Shipment) error {
	return database.Conn(ctx, s.DB).Create(sh).Error // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into shipments in keystore.Shipments.Add has no conflict handling for the caller-known id \(HTTP handler Handler.RegisterInTx\)`
}
