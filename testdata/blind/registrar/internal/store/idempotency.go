package store

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tldhouse/registrar/internal/db"
)

// IdemRecord is a stored idempotency key.
type IdemRecord struct {
	AccountID      uuid.UUID
	Key            string
	Scope          string
	RequestHash    string
	ResourceID     string
	ResponseStatus int
	ResponseBody   []byte
}

// ErrKeyReused is returned when a key comes back with a different request.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

type IdempotencyKeys struct {
	conn *db.Conn
}

func NewIdempotencyKeys(conn *db.Conn) *IdempotencyKeys { return &IdempotencyKeys{conn: conn} }

func scanIdem(row pgx.Row) (IdemRecord, error) {
	var r IdemRecord
	var status *int
	var resource *string
	err := row.Scan(&r.AccountID, &r.Key, &r.Scope, &r.RequestHash, &resource, &status, &r.ResponseBody)
	if resource != nil {
		r.ResourceID = *resource
	}
	if status != nil {
		r.ResponseStatus = *status
	}
	return r, err
}

var idemCols = []string{"account_id", "idem_key", "scope", "request_hash", "resource_id", "response_status", "response_body"}

// Claim inserts the key. It reports true when this call created it; otherwise
// it returns the record stored by the earlier request.
func (r *IdempotencyKeys) Claim(ctx context.Context, rec IdemRecord) (bool, IdemRecord, error) {
	ins := db.SB.Insert("idempotency_keys").
		Columns("account_id", "idem_key", "scope", "request_hash").
		Values(rec.AccountID, rec.Key, rec.Scope, rec.RequestHash).
		Suffix("ON CONFLICT (account_id, scope, idem_key) DO NOTHING")
	n, err := db.Exec(ctx, r.conn.Q(ctx), ins)
	if err != nil {
		return false, IdemRecord{}, fmt.Errorf("claim idempotency key: %w", err)
	}
	if n == 1 {
		return true, rec, nil
	}
	existing, err := r.Lookup(ctx, rec.AccountID, rec.Scope, rec.Key)
	if err != nil {
		return false, IdemRecord{}, err
	}
	if existing.RequestHash != rec.RequestHash {
		return false, existing, ErrKeyReused
	}
	return false, existing, nil
}

// Lookup returns the stored record, or db.ErrNotFound.
func (r *IdempotencyKeys) Lookup(ctx context.Context, accountID uuid.UUID, scope, key string) (IdemRecord, error) {
	q := db.SB.Select(idemCols...).From("idempotency_keys").
		Where(sq.Eq{"account_id": accountID, "scope": scope, "idem_key": key})
	return db.Get(ctx, r.conn.Q(ctx), q, scanIdem)
}

// AttachResource records the id of what the keyed request created.
func (r *IdempotencyKeys) AttachResource(ctx context.Context, accountID uuid.UUID, scope, key, resourceID string) error {
	q := db.SB.Update("idempotency_keys").Set("resource_id", resourceID).
		Where(sq.Eq{"account_id": accountID, "scope": scope, "idem_key": key})
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}

// SaveResponse stores the response of a completed request so that a replay
// can be answered without running the handler again.
func (r *IdempotencyKeys) SaveResponse(ctx context.Context, rec IdemRecord) error {
	q := db.SB.Insert("idempotency_keys").
		Columns(idemCols...).
		Values(rec.AccountID, rec.Key, rec.Scope, rec.RequestHash, nullable(rec.ResourceID), rec.ResponseStatus, rec.ResponseBody).
		Suffix("ON CONFLICT (account_id, scope, idem_key) DO UPDATE SET response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body")
	_, err := db.Exec(ctx, r.conn.Q(ctx), q)
	return err
}
