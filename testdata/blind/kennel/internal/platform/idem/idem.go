// Package idem implements request idempotency for API calls that take an
// Idempotency-Key header.
package idem

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

// ErrKeyReused is returned when a key is presented again with a different
// request body.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// ErrInFlight is returned when a key has been claimed but its request has
// not finished yet.
var ErrInFlight = errors.New("request with this idempotency key is still in progress")

// Record is a claimed key and, once complete, the response that was sent.
type Record struct {
	bun.BaseModel `bun:"table:idempotency_keys"`

	Scope       string          `bun:"scope,pk"`
	Key         string          `bun:"key,pk"`
	RequestHash string          `bun:"request_hash,notnull"`
	StatusCode  *int            `bun:"status_code"`
	Response    json.RawMessage `bun:"response,type:jsonb"`
	CreatedAt   time.Time       `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	CompletedAt *time.Time      `bun:"completed_at"`
}

// Done reports whether the original request finished.
func (r *Record) Done() bool { return r.StatusCode != nil }

// Hash fingerprints a request body so reuse of a key with different content
// can be rejected.
func Hash(parts ...any) string {
	h := sha256.New()
	for _, p := range parts {
		b, _ := json.Marshal(p)
		h.Write(b)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Claim inserts the key inside tx. It returns (nil, nil) when this call now
// owns the key; otherwise it returns the existing record. Callers must run
// the guarded writes in the same tx and call Complete before committing.
func Claim(ctx context.Context, tx bun.IDB, scope, key, requestHash string) (*Record, error) {
	rec := &Record{Scope: scope, Key: key, RequestHash: requestHash}
	res, err := tx.NewInsert().Model(rec).
		On("CONFLICT (scope, key) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil, nil
	}

	existing := new(Record)
	err = tx.NewSelect().Model(existing).
		Where("scope = ? AND key = ?", scope, key).
		Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("load idempotency key: %w", err)
	}
	if existing.RequestHash != requestHash {
		return nil, ErrKeyReused
	}
	if !existing.Done() {
		return nil, ErrInFlight
	}
	return existing, nil
}

// Complete stores the response for a claimed key.
func Complete(ctx context.Context, tx bun.IDB, scope, key string, status int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = tx.NewUpdate().Model((*Record)(nil)).
		Set("status_code = ?", status).
		Set("response = ?", string(raw)).
		Set("completed_at = now()").
		Where("scope = ? AND key = ?", scope, key).
		Exec(ctx)
	return err
}

// Responses is the lookup side of the key table, used by the HTTP replay
// middleware.
type Responses struct {
	db *bun.DB
}

// NewResponses returns a Responses bound to db.
func NewResponses(db *bun.DB) *Responses { return &Responses{db: db} }

// Lookup returns the stored response for key, or nil.
func (r *Responses) Lookup(ctx context.Context, scope, key string) (*Record, error) {
	rec := new(Record)
	err := r.db.NewSelect().Model(rec).Where("scope = ? AND key = ?", scope, key).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// Save stores a finished response.
func (r *Responses) Save(ctx context.Context, scope, key, requestHash string, status int, body []byte) error {
	now := time.Now()
	rec := &Record{
		Scope:       scope,
		Key:         key,
		RequestHash: requestHash,
		StatusCode:  &status,
		Response:    json.RawMessage(body),
		CompletedAt: &now,
	}
	_, err := r.db.NewInsert().Model(rec).
		On("CONFLICT (scope, key) DO UPDATE").
		Set("status_code = EXCLUDED.status_code").
		Set("response = EXCLUDED.response").
		Set("completed_at = EXCLUDED.completed_at").
		Exec(ctx)
	return err
}

// Ledger remembers opaque request keys for endpoints that only need to know
// whether a key was handled, not what was returned.
type Ledger struct {
	db *bun.DB
}

// NewLedger returns a Ledger bound to db.
func NewLedger(db *bun.DB) *Ledger { return &Ledger{db: db} }

// Seen reports whether key was remembered.
func (l *Ledger) Seen(ctx context.Context, key string) (bool, error) {
	return l.db.NewSelect().Table("processed_requests").Where("key = ?", key).Exists(ctx)
}

// Remember records key.
func (l *Ledger) Remember(ctx context.Context, key string) error {
	_, err := l.db.NewRaw(
		"INSERT INTO processed_requests (key) VALUES (?) ON CONFLICT (key) DO NOTHING", key,
	).Exec(ctx)
	return err
}
