// Package ledger applies a partner's events to balances.
package ledger

import (
	"context"

	"example.com/wiredinbound/billing"

	"gorm.io/gorm"
)

// Ledger applies a partner's events to balances.
type Ledger struct{ DB *gorm.DB }

// Credit records the entry and raises the balance, each committed alone.
func (l *Ledger) Credit(ctx context.Context, evt billing.Event) error {
	if err := l.DB.WithContext(ctx).Exec(`INSERT INTO ledger (event_id, order_id) VALUES (?, ?)`, evt.ID, evt.OrderID).Error; err != nil { // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the INSERT into ledger in ledger.Ledger.Credit is not idempotent \(HTTP handler Consumer.Webhook\)`
		return err
	}
	return l.DB.WithContext(ctx).Exec(`UPDATE balances SET amount = amount + 1 WHERE order_id = ?`, evt.OrderID).Error
}

// Debit does both in one transaction.
func (l *Ledger) Debit(ctx context.Context, evt billing.Event) error {
	return l.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`INSERT INTO ledger (event_id, order_id) VALUES (?, ?) ON CONFLICT (event_id) DO NOTHING`, evt.ID, evt.OrderID).Error; err != nil {
			return err
		}
		return tx.Exec(`UPDATE balances SET amount = amount - 1 WHERE order_id = ?`, evt.OrderID).Error
	})
}

// Inbox is the events applied, on the database.
type Inbox struct{ DB *gorm.DB }

func (i *Inbox) Seen(ctx context.Context, eventID string) (bool, error) {
	var n int64
	err := i.DB.WithContext(ctx).Raw(`SELECT count(*) FROM processed_events WHERE event_id = ?`, eventID).Scan(&n).Error // want `the key is checked outside the transaction of the effect \(processed_events on a handle that commits each statement, the effect on a handle that commits each statement; HTTP handler Consumer.Webhook\)`
	return n > 0, err
}

func (i *Inbox) Mark(ctx context.Context, eventID string) error {
	return i.DB.WithContext(ctx).Exec(`INSERT INTO processed_events (event_id) VALUES (?) ON CONFLICT (event_id) DO NOTHING`, eventID).Error // want `the key commits apart from the effect it guards \(processed_events on a handle that commits each statement, the effect on a handle that commits each statement; HTTP handler Consumer.Webhook\)`
}
