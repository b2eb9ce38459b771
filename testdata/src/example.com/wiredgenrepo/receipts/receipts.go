// Package receipts stores the gate provider's delivery receipts through
// a repository that builds each INSERT by reflection on the row's tags.
package receipts

import (
	"context"
	"database/sql"

	"example.com/tagrepo"
)

type receipt struct {
	ProviderMessageID string `db:"provider_message_id"`
	Status            string `db:"status"`
}

func (receipt) TableName() string { return "gate_receipts" }

// Store stores receipts.
type Store struct{ DB *sql.DB }

// Record inserts the receipt the provider sent: the call decides the
// table and its columns, and is where a retry's duplicate is reported.
func (s *Store) Record(ctx context.Context, messageID, status string) error {
	return tagrepo.Insert(ctx, s.DB, receipt{ProviderMessageID: messageID, Status: status}) // want `a retry inserts the row for the same \(provider_message_id, status\) again, which fails or duplicates it: the INSERT into gate_receipts in tagrepo.Insert has no conflict handling for the caller-known \(provider_message_id, status\) \(HTTP handler Gate.Receipt\)`
}

// RecordOnce inserts it with the option that skips a row already there.
func (s *Store) RecordOnce(ctx context.Context, messageID, status string) error {
	return tagrepo.Insert(ctx, s.DB, receipt{ProviderMessageID: messageID, Status: status}, tagrepo.OnConflictDoNothing("provider_message_id", "status"))
}
