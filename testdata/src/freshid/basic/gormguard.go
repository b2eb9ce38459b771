package basic

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

var orm *gorm.DB

type payout struct{ ID, Status string }

type entry struct {
	ID  string
	Key string
}

// Not a guard: the Where condition takes rows in either state, so the
// update touches the row on a retry too.
func cancelPayoutEither(ctx context.Context, t *asynq.Task) error {
	return orm.Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&payout{}).Where("id = ? OR status = ?", string(t.Payload()), "pending").Updates(map[string]any{"status": "cancelled"})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return tx.Create(&entry{ID: uuid.NewString(), Key: string(t.Payload())}).Error // want `a retry creates a second entry with a new ID`
	})
}
