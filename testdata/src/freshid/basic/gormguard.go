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

// repo is a generic repository whose methods run on the handle it holds.
type repo[T any] struct{ db *gorm.DB }

func (r repo[T]) withTx(tx *gorm.DB) repo[T] { return repo[T]{db: tx} }

func (r repo[T]) updates(v *T, fields map[string]any) error {
	return r.db.Model(v).Updates(fields).Error
}

func (r repo[T]) create(v *T) error { return r.db.Create(v).Error }

var (
	payouts repo[payout]
	entries repo[entry]
)

// Negative: the payout is locked and tested, its status set through the
// repository with a map of columns, and the entry created in the same
// transaction: a retry leaves at the test.
func closePayoutOnce(ctx context.Context, t *asynq.Task) error {
	return orm.Transaction(func(tx *gorm.DB) error {
		var p payout
		if err := tx.First(&p, "id = ?", string(t.Payload())).Error; err != nil {
			return err
		}
		if p.Status == "closed" {
			return nil
		}
		if err := payouts.withTx(tx).updates(&p, map[string]any{"status": "closed"}); err != nil {
			return err
		}
		return entries.withTx(tx).create(&entry{ID: uuid.NewString(), Key: p.ID})
	})
}

// The map sets another column: the status test decides nothing.
func notePayout(ctx context.Context, t *asynq.Task) error {
	return orm.Transaction(func(tx *gorm.DB) error {
		var p payout
		if err := tx.First(&p, "id = ?", string(t.Payload())).Error; err != nil {
			return err
		}
		if p.Status == "closed" {
			return nil
		}
		if err := payouts.withTx(tx).updates(&p, map[string]any{"note": "seen"}); err != nil {
			return err
		}
		return entries.withTx(tx).create(&entry{ID: uuid.NewString(), Key: p.ID}) // want `a retry creates a second entry with a new ID`
	})
}

// Negative: begun by hand, the payout is read, its status switched on,
// and set with Model(&p).Update in the same transaction before the
// entry: a retry takes the closed case.
func settlePayoutOnce(ctx context.Context, t *asynq.Task) error {
	tx := orm.WithContext(ctx).Begin()
	if tx.Error != nil {
		return tx.Error
	}
	defer tx.Rollback()
	var p payout
	if err := tx.First(&p, "id = ?", string(t.Payload())).Error; err != nil {
		return err
	}
	switch p.Status {
	case "closed":
		return nil
	case "open":
		if err := tx.Model(&p).Update("status", "closed").Error; err != nil {
			return err
		}
		if err := tx.Create(&entry{ID: uuid.NewString(), Key: p.ID}).Error; err != nil {
			return err
		}
	}
	return tx.Commit().Error
}

// The update sets another column: the switch decides nothing.
func touchPayout(ctx context.Context, t *asynq.Task) error {
	tx := orm.WithContext(ctx).Begin()
	defer tx.Rollback()
	var p payout
	if err := tx.First(&p, "id = ?", string(t.Payload())).Error; err != nil {
		return err
	}
	switch p.Status {
	case "closed":
		return nil
	case "open":
		if err := tx.Model(&p).Update("note", "seen").Error; err != nil {
			return err
		}
		if err := tx.Create(&entry{ID: uuid.NewString(), Key: p.ID}).Error; err != nil { // want `a retry creates a second entry with a new ID`
			return err
		}
	}
	return tx.Commit().Error
}
