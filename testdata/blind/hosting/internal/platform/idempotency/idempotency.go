// Package idempotency implements request-key claims that share a database
// transaction with the work they protect.
package idempotency

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrInFlight is returned when a key was claimed but never completed, e.g.
// the original request is still running on another replica.
var ErrInFlight = errors.New("idempotency: request with this key is still in progress")

// Record is a claimed key and, once the work committed, its result.
type Record struct {
	Scope       string     `gorm:"primaryKey"`
	Key         string     `gorm:"primaryKey"`
	CustomerID  *uuid.UUID `gorm:"type:uuid"`
	Result      []byte     `gorm:"type:jsonb"`
	CreatedAt   time.Time
	CompletedAt *time.Time
}

// TableName implements gorm's tabler.
func (Record) TableName() string { return "idempotency_keys" }

// Outcome describes how Do resolved a key.
type Outcome int

const (
	// Executed means fn ran and its result was stored with the key.
	Executed Outcome = iota
	// Replayed means the key had already completed and its result was returned.
	Replayed
)

// Do claims (scope, key) and runs fn in the same transaction. When the key
// already completed, the stored result is decoded and returned instead.
func Do[T any](ctx context.Context, db *gorm.DB, scope, key string, customerID *uuid.UUID, fn func(tx *gorm.DB) (T, error)) (T, Outcome, error) {
	var out T
	outcome := Executed

	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claim := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&Record{
			Scope:      scope,
			Key:        key,
			CustomerID: customerID,
			CreatedAt:  time.Now().UTC(),
		})
		if claim.Error != nil {
			return fmt.Errorf("claim idempotency key: %w", claim.Error)
		}

		if claim.RowsAffected == 0 {
			var existing Record
			if err := tx.Where("scope = ? AND key = ?", scope, key).Take(&existing).Error; err != nil {
				return err
			}
			if existing.CompletedAt == nil {
				return ErrInFlight
			}
			if customerID != nil && existing.CustomerID != nil && *existing.CustomerID != *customerID {
				return fmt.Errorf("idempotency: key %q belongs to another customer", key)
			}
			outcome = Replayed
			return json.Unmarshal(existing.Result, &out)
		}

		res, err := fn(tx)
		if err != nil {
			return err
		}
		body, err := json.Marshal(res)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		out = res
		return tx.Model(&Record{}).
			Where("scope = ? AND key = ?", scope, key).
			Updates(map[string]any{"result": body, "completed_at": now}).Error
	})
	return out, outcome, err
}
