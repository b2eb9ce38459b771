package basic

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type shipment struct {
	ID      string
	OrderID string
}

type booking struct {
	ID      string
	OrderID string `gorm:"uniqueIndex"`
}

// Negative: the insert does nothing on a conflict over order_id, which
// a retry repeats: the fresh ID never reaches a second row.
func shipOnce(ctx context.Context, t *asynq.Task) error {
	return orm.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "order_id"}}, DoNothing: true}).
		Create(&shipment{ID: uuid.NewString(), OrderID: string(t.Payload())}).Error
}

// Negative: no target, and the model's order_id is unique.
func bookOnce(ctx context.Context, t *asynq.Task) error {
	return orm.Clauses(clause.OnConflict{DoNothing: true}).Create(&booking{ID: uuid.NewString(), OrderID: string(t.Payload())}).Error
}

// Negative: the insert updates the row of the same order_id on a
// conflict, which a retry repeats: it updates, it adds no row.
func shipOrUpdate(ctx context.Context, t *asynq.Task) error {
	return orm.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "order_id"}}, DoUpdates: clause.AssignmentColumns([]string{"status"})}).
		Create(&shipment{ID: uuid.NewString(), OrderID: string(t.Payload())}).Error
}

// Negative: every column updated on a conflict over order_id.
func shipOrReplace(ctx context.Context, t *asynq.Task) error {
	return orm.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "order_id"}}, UpdateAll: true}).
		Create(&shipment{ID: uuid.NewString(), OrderID: string(t.Payload())}).Error
}

// The update on a conflict over the fresh ID itself: no conflict.
func shipOrUpdateID(ctx context.Context, t *asynq.Task) error {
	return orm.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, UpdateAll: true}).
		Create(&shipment{ID: uuid.NewString(), OrderID: string(t.Payload())}).Error // want `a retry creates a second shipment with a new ID`
}

// The conflict it does nothing on is over the fresh ID itself.
func shipOnID(ctx context.Context, t *asynq.Task) error {
	return orm.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoNothing: true}).
		Create(&shipment{ID: uuid.NewString(), OrderID: string(t.Payload())}).Error // want `a retry creates a second shipment with a new ID`
}

// No target, and no other key: nothing conflicts on a retry.
func shipAny(ctx context.Context, t *asynq.Task) error {
	return orm.Clauses(clause.OnConflict{DoNothing: true}).Create(&shipment{ID: uuid.NewString(), OrderID: string(t.Payload())}).Error // want `a retry creates a second shipment with a new ID`
}

// A ledger movement, unique by its wallet and reference when it has one.
type movement struct {
	ID       string
	WalletID string
	Ref      *string
}

// postMovement inserts a movement, ignoring a second one of the same
// wallet and reference when it has a reference.
func postMovement(tx *gorm.DB, m *movement) error {
	q := tx
	if m.Ref != nil {
		q = tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "wallet_id"}, {Name: "ref"}}, DoNothing: true})
	}
	return q.Create(m).Error
}

// Negative: the movement has a reference, so its insert ignores the
// retry's second one.
func adjustOnce(ctx context.Context, t *asynq.Task) error {
	ref := "adj:" + string(t.Payload())
	return postMovement(orm, &movement{ID: uuid.NewString(), WalletID: "w", Ref: &ref})
}

// Without a reference, each attempt inserts a movement.
func adjust(ctx context.Context, t *asynq.Task) error {
	return postMovement(orm, &movement{ID: uuid.NewString(), WalletID: "w"}) // want `a retry creates a second movement with a new ID`
}
