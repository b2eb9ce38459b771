// Package tagrows inserts rows through a repository of another package
// that builds each INSERT by reflection on the row's db tags, and adds
// the conflict clause when an option asks for it.
package tagrows

import (
	"context"
	"database/sql"
	"strings"

	"example.com/tagrepo"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/rs/xid"
)

var db *sql.DB

type usageRow struct {
	ID         string `db:"id"`
	EnvelopeID string `db:"envelope_id"`
	Quantity   int    `db:"quantity"`
}

func (usageRow) TableName() string { return "usage_rows" }

type deliveryRow struct {
	ID         string `db:"id"`
	EnvelopeID string `db:"envelope_id"`
	EndpointID string `db:"endpoint_id"`
}

func (deliveryRow) TableName() string { return "webhook_deliveries" }

type creditRow struct {
	ID        string `db:"id"`
	AccountID string `db:"account_id"`
	Ref       string `db:"ref"`
}

func (creditRow) TableName() string { return "credit_rows" }

// A fresh ID as the row's identity, written without conflict handling
// under no other key: a retry adds a second usage row.
func recordUsage(ctx context.Context, t *asynq.Task) error {
	return tagrepo.Insert(ctx, db, usageRow{ID: uuid.NewString(), EnvelopeID: string(t.Payload()), Quantity: 1}) // want `a retry creates a second usageRow with a new ID`
}

// The same fresh ID, with an option that makes the INSERT do nothing on
// a conflict of the (account_id, ref) the retry repeats, under a partial
// unique index: no second row.
func consumeCredit(ctx context.Context, t *asynq.Task) error {
	return tagrepo.Insert(ctx, db, creditRow{ID: uuid.NewString(), AccountID: "acct", Ref: string(t.Payload())}, tagrepo.OnConflictDoNothing("account_id", "ref"))
}

// A fresh ID for a row whose (envelope_id, endpoint_id) the retry
// repeats, under UNIQUE: the retry fails there instead of adding a row
// (what naturalkey reports). The row is built into a variable first.
func createDeliveries(ctx context.Context, t *asynq.Task) error {
	var ids []string
	for _, ep := range endpoints {
		d := deliveryRow{
			ID:         uuid.NewString(),
			EnvelopeID: string(t.Payload()),
			EndpointID: ep,
		}
		if err := tagrepo.Insert(ctx, db, d); err != nil {
			return err
		}
		ids = append(ids, d.ID)
	}
	return notify(ctx, ids)
}

var endpoints = []string{"a", "b"}

func notify(context.Context, []string) error { return nil }

// The same fresh identity, written by a helper that finds the table of
// the row's type itself and reads the row it is given by reflection.
func recordUsagePtr(ctx context.Context, t *asynq.Task) error {
	return tagrepo.InsertPtr(ctx, db, &usageRow{ID: uuid.NewString(), EnvelopeID: string(t.Payload()), Quantity: 1}) // want `a retry creates a second usageRow with a new ID`
}

// With the option that adds ON CONFLICT DO NOTHING, the partial index
// on the credit's (account_id, ref) absorbs the retry.
func consumeCreditPtr(ctx context.Context, t *asynq.Task) error {
	return tagrepo.InsertPtr(ctx, db, &creditRow{ID: uuid.NewString(), AccountID: "acct", Ref: string(t.Payload())}, tagrepo.OnConflictDoNothing())
}

// A fresh ID beside the (show, seat) that a retry repeats, under a
// conflict clause with no target: the retry meets the first hold's
// key and does nothing.
func holdSeat(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT INTO seat_holds (id, show, seat) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", uuid.NewString(), "gala", string(t.Payload()))
	return err
}

// A fresh ID beside a code the schema keeps unique, cut from another
// fresh value and rendered by its String method: the retry repeats
// neither, and adds a second pass.
func issuePass(ctx context.Context, t *asynq.Task) error {
	code := "P" + strings.ToUpper(xid.New().String()[12:]) // want `a retry inserts a second pass_codes row with a new code`
	_, err := db.ExecContext(ctx, "INSERT INTO pass_codes (id, code) VALUES ($1, $2)", uuid.NewString(), code) // want `a retry inserts a second pass_codes row with a new id`
	return err
}

// The same code made from the task's payload: the retry fails on it.
func reissuePass(ctx context.Context, t *asynq.Task) error {
	code := "P" + strings.ToUpper(string(t.Payload())[2:])
	_, err := db.ExecContext(ctx, "INSERT INTO pass_codes (id, code) VALUES ($1, $2)", uuid.NewString(), code)
	return err
}
