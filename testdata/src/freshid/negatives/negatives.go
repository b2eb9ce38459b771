// Package negatives holds the safe patterns: none of them is reported.
package negatives

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go/jetstream"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var (
	db  *sql.DB
	orm *gorm.DB
)

// A fresh value returned to the caller in the response body.
func respond(w http.ResponseWriter, r *http.Request) {
	json.NewEncoder(w).Encode(map[string]string{"request_id": uuid.NewString()})
}

// A fresh trace ID in a structured log.
func logged(ctx context.Context, t *asynq.Task) error {
	slog.InfoContext(ctx, "processing", "trace_id", uuid.NewString(), "at", time.Now())
	return nil
}

type Event struct {
	ID        string
	CreatedAt time.Time
}

// The model's identity comes from the message; only the timestamp is fresh.
func recordEvent(msg *message.Message) error {
	return orm.Create(&Event{ID: msg.UUID, CreatedAt: time.Now()}).Error
}

// MySQL: the operation key is under a unique index and the duplicate is
// absorbed.
func mysqlUpsert(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO payments (id, request_key) VALUES (?, ?) ON DUPLICATE KEY UPDATE request_key = request_key",
		uuid.NewString(), r.Header.Get("Idempotency-Key"))
}

// SQLite: INSERT OR IGNORE with the job's ID as key.
func sqliteIgnore(ctx context.Context, t *asynq.Task) error {
	_, err := db.ExecContext(ctx, "INSERT OR IGNORE INTO jobs (id, job_key) VALUES (?, ?)", uuid.NewString(), t.ResultWriter().TaskID())
	return err
}

// The published message reuses the incoming message's ID.
func forward(msg *message.Message) ([]*message.Message, error) {
	return []*message.Message{message.NewMessage(msg.UUID, msg.Payload)}, nil
}

// A fresh value in a data column, the key from the request path.
func comment(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO comments (comment_id, nonce, body) VALUES ($1, $2, $3)", r.PathValue("id"), uuid.NewString(), "b")
}

// A fresh value in an UPDATE's SET clause.
func touch(w http.ResponseWriter, r *http.Request) {
	db.Exec("UPDATE sessions SET token = $1, updated_at = $2 WHERE session_id = $3", uuid.NewString(), time.Now(), r.PathValue("id"))
}

// A fresh value in the WHERE clause of a DELETE.
func purge(w http.ResponseWriter, r *http.Request) {
	db.Exec("DELETE FROM locks WHERE owner_id = $1", uuid.NewString())
}

// The INSERT's column list is unknown: no proof, no report.
func noColumns(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO orders VALUES ($1, $2)", uuid.NewString(), 1)
}

// A capture row per hold guards what follows it: a retry finds the row,
// inserts nothing and stops, so the ledger entry's fresh ID is made and
// stored once.
func captureHold(ctx context.Context, t *asynq.Task) error {
	holdID := string(t.Payload())
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	entryID := uuid.NewString()
	res, err := tx.ExecContext(ctx, "INSERT INTO hold_captures (hold_id, ledger_entry_id) VALUES ($1, $2) ON CONFLICT (hold_id) DO NOTHING", holdID, entryID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // captured by an earlier attempt
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO ledger_entries (id, hold_id) VALUES ($1, $2)", entryID, holdID); err != nil {
		return err
	}
	return tx.Commit()
}

type claim struct{ Key string }

type entry struct {
	ID  string
	Key string
}

// gorm's claim: a conflict-tolerant Create whose RowsAffected decides
// guards the entry made after it.
func claimThenEnter(ctx context.Context, t *asynq.Task) error {
	return orm.Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&claim{Key: string(t.Payload())})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Create(&entry{ID: uuid.NewString(), Key: string(t.Payload())}).Error
	})
}

// A compare-and-set of the payout's status: a retry finds it cancelled,
// updates no row and stops before the ledger entry.
func cancelPayout(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "UPDATE payouts SET status = 'cancelled' WHERE id = $1 AND status = 'pending'", string(t.Payload()))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO ledger_entries (id, payout_id) VALUES ($1, $2)", uuid.NewString(), string(t.Payload())); err != nil {
		return err
	}
	return tx.Commit()
}

type payout struct{ ID, Status string }

// The same with gorm: Updates on a chain whose Where tests the status.
func cancelPayoutORM(ctx context.Context, t *asynq.Task) error {
	return orm.Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&payout{}).Where("id = ? AND status = ?", string(t.Payload()), "pending").Updates(map[string]any{"status": "cancelled"})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		return tx.Create(&entry{ID: uuid.NewString(), Key: string(t.Payload())}).Error
	})
}

// insertPayoutEvent records an event of a payout in the caller's
// transaction, under a new ID.
func insertPayoutEvent(ctx context.Context, tx *sql.Tx, id, kind string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO payout_events (id, payout_id, kind) VALUES ($1, $2, $3)", uuid.NewString(), id, kind)
	return err
}

// The compare-and-set tests that the status is not yet the one it
// sets: a retry updates no row and leaves before the helper that makes
// the event's ID.
func cancelPayoutEvent(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "UPDATE payouts SET status = 'cancelled', updated_at = now() WHERE id = $1 AND status <> 'cancelled'", string(t.Payload()))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if err := insertPayoutEvent(ctx, tx, string(t.Payload()), "cancelled"); err != nil {
		return err
	}
	return tx.Commit()
}

// The same with a column set once: the test finds it set on a retry.
func settlePayoutEvent(ctx context.Context, t *asynq.Task) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "UPDATE payouts SET settled_at = now() WHERE id = $1 AND settled_at IS NULL", string(t.Payload()))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if err := insertPayoutEvent(ctx, tx, string(t.Payload()), "settled"); err != nil {
		return err
	}
	return tx.Commit()
}

// The fallback a fix writes for a JetStream message: the value derived
// from the message's ID, or, for a message published without one, a
// fresh value as before.
func jetStreamFallback(msg jetstream.Msg) {
	id := func() string {
		if k := msg.Headers().Get("Nats-Msg-Id"); k != "" {
			return uuid.NewSHA1(uuid.NameSpaceOID, []byte(k+"|orders.id")).String()
		}
		return uuid.NewString()
	}()
	db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
}
