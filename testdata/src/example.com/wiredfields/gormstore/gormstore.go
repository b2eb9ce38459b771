// Package gormstore stores plates with gorm.
package gormstore

import (
	"context"

	"example.com/wiredfields/plates"
	"gorm.io/gorm"
)

// Plates stores plates.
type Plates struct{ DB *gorm.DB }

func (p *Plates) Create(ctx context.Context, plate *plates.Plate) error {
	return p.DB.WithContext(ctx).Create(plate).Error // want `a retry inserts the row for the same \(state, number\) again, which fails or duplicates it: the INSERT into plates in gormstore.Plates.Create has no conflict handling for the caller-known \(state, number\) \(HTTP handler Service.Register\)`
}
