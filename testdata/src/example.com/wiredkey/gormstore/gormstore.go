// Package gormstore implements fleet.Accounts with gorm: its lookup
// reads through gorm's First, which runs no statement of the package's
// own.
package gormstore

import (
	"context"

	"example.com/wiredkey/fleet"

	"gorm.io/gorm"
)

// Accounts implements fleet.Accounts.
type Accounts struct{ DB *gorm.DB }

func (s *Accounts) ByNumber(ctx context.Context, number string) (*fleet.Account, error) {
	a := &fleet.Account{}
	err := s.DB.WithContext(ctx).Where("number = ?", number).First(a).Error
	return a, err
}

func (s *Accounts) Open(ctx context.Context, number string) (*fleet.Account, error) {
	a := &fleet.Account{Number: number}
	err := s.DB.WithContext(ctx).Create(a).Error // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into accounts in gormstore.Accounts.Open is not idempotent \(HTTP handler Fleet.Opened\)`
	return a, err
}
