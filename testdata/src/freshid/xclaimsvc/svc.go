// Package xclaimsvc makes rows in work a runner of another package
// runs, for handlers of a third.
package xclaimsvc

import (
	"context"

	"freshid/xclaimrun"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

var orm *gorm.DB

type Payout struct {
	ID     string
	Amount int64
}

// Pay makes the payout once per key: the runner claims it first.
func Pay(ctx context.Context, key string) (string, error) {
	return xclaimrun.Do(ctx, orm, "payout", key, func(tx *gorm.DB) (string, error) {
		p := &Payout{ID: uuid.NewString(), Amount: 10}
		return p.ID, tx.Create(p).Error
	})
}

// PayLoose makes a payout on every call.
func PayLoose(ctx context.Context) error {
	return xclaimrun.Run(ctx, orm, func(tx *gorm.DB) error {
		return tx.Create(&Payout{ID: uuid.NewString(), Amount: 10}).Error
	})
}
