// Package guards holds conflict-tolerant writes whose outcome decides
// the path (dedup guards) beside writes whose outcome does not.
package guards

import (
	"context"
	"database/sql"

	"example.com/dbutil"
	"example.com/entstore/ent"
)

var db *sql.DB

var client *ent.Client

// claimCounted leaves when the claim affected no row: a helper of
// another package counts its result.
func claimCounted(ctx context.Context, key string) error {
	res, err := db.ExecContext(ctx, "INSERT INTO keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `^guard$`
	if err != nil {
		return err
	}
	if dbutil.Affected(res) == 0 {
		return nil
	}
	return nil
}

// claimIgnored never looks at what the claim did.
func claimIgnored(ctx context.Context, key string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `not a guard`
	return err
}

// ensure tolerates the conflict a create that does nothing on one
// reports as its error, and goes on either way: a test of an error is
// no count of rows, whatever helper makes it.
func ensure(ctx context.Context, id string) error {
	err := client.Transfer.Create().SetID(id).OnConflict().DoNothing().Exec(ctx) // want `not a guard`
	if err != nil && !dbutil.IsNoRows(err) {
		return err
	}
	return nil
}

// claimID reads back the ID of the row it claims: ent's RETURNING, none
// on a conflict, which the call reports as sql.ErrNoRows.
func claimID(ctx context.Context, id string) (bool, error) {
	_, err := client.Transfer.Create().SetID(id).OnConflict().DoNothing().ID(ctx) // want `^guard$`
	if dbutil.IsNoRows(err) {
		return false, nil
	}
	return err == nil, err
}
