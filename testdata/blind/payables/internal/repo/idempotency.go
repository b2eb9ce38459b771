package repo

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
)

// IdempotencyRecord is a caller-supplied Idempotency-Key and the outcome of
// the request that first used it.
type IdempotencyRecord struct {
	TenantID     string
	Scope        string
	Key          string
	RequestHash  string
	ResourceID   string
	ResponseCode int
	ResponseBody json.RawMessage
}

// Completed reports whether a response has been stored for the key.
func (r IdempotencyRecord) Completed() bool { return r.ResponseCode != 0 }

// IdempotencyRepo stores Idempotency-Key records for the public API.
type IdempotencyRepo interface {
	WithTx(tx *sql.Tx) IdempotencyRepo
	// Claim inserts rec if the key is unused. When the key already exists it
	// returns the stored record and claimed=false.
	Claim(ctx context.Context, rec IdempotencyRecord) (stored IdempotencyRecord, claimed bool, err error)
	Lookup(ctx context.Context, tenantID, scope, key string) (*IdempotencyRecord, error)
	Save(ctx context.Context, rec IdempotencyRecord) error
	Complete(ctx context.Context, tenantID, scope, key string, code int, body []byte) error
}

type idempotencyRepo struct{ base }

// NewIdempotencyRepo returns an IdempotencyRepo.
func NewIdempotencyRepo(db *sql.DB) IdempotencyRepo { return &idempotencyRepo{base{db}} }

func (r *idempotencyRepo) WithTx(tx *sql.Tx) IdempotencyRepo { return &idempotencyRepo{base{tx}} }

func (r *idempotencyRepo) Claim(ctx context.Context, rec IdempotencyRecord) (IdempotencyRecord, bool, error) {
	res, err := r.insert("idempotency_keys").
		Columns("tenant_id", "scope", "key", "request_hash", "resource_id").
		Values(rec.TenantID, rec.Scope, rec.Key, rec.RequestHash, nullString(rec.ResourceID)).
		Suffix("ON CONFLICT (tenant_id, scope, key) DO NOTHING").
		ExecContext(ctx)
	if err != nil {
		return IdempotencyRecord{}, false, err
	}
	if n, _ := rowsAffected(res); n == 1 {
		return rec, true, nil
	}
	stored, err := r.lookup(ctx, rec.TenantID, rec.Scope, rec.Key, true)
	if err != nil {
		return IdempotencyRecord{}, false, err
	}
	return *stored, false, nil
}

func (r *idempotencyRepo) Lookup(ctx context.Context, tenantID, scope, key string) (*IdempotencyRecord, error) {
	rec, err := r.lookup(ctx, tenantID, scope, key, false)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return rec, err
}

func (r *idempotencyRepo) lookup(ctx context.Context, tenantID, scope, key string, forUpdate bool) (*IdempotencyRecord, error) {
	q := r.sel("tenant_id", "scope", "key", "request_hash", "coalesce(resource_id, '')",
		"coalesce(response_code, 0)", "coalesce(response_body, 'null'::jsonb)").
		From("idempotency_keys").
		Where("tenant_id = ? AND scope = ? AND key = ?", tenantID, scope, key)
	if forUpdate {
		q = q.Suffix("FOR UPDATE")
	}
	var (
		rec  IdempotencyRecord
		body []byte
	)
	err := q.QueryRowContext(ctx).Scan(&rec.TenantID, &rec.Scope, &rec.Key, &rec.RequestHash,
		&rec.ResourceID, &rec.ResponseCode, &body)
	if err != nil {
		return nil, err
	}
	rec.ResponseBody = body
	return &rec, nil
}

func (r *idempotencyRepo) Save(ctx context.Context, rec IdempotencyRecord) error {
	_, err := r.insert("idempotency_keys").
		Columns("tenant_id", "scope", "key", "request_hash", "resource_id", "response_code", "response_body").
		Values(rec.TenantID, rec.Scope, rec.Key, rec.RequestHash, nullString(rec.ResourceID),
			rec.ResponseCode, []byte(rec.ResponseBody)).
		Suffix(`ON CONFLICT (tenant_id, scope, key) DO UPDATE
			SET response_code = EXCLUDED.response_code, response_body = EXCLUDED.response_body`).
		ExecContext(ctx)
	return err
}

func (r *idempotencyRepo) Complete(ctx context.Context, tenantID, scope, key string, code int, body []byte) error {
	_, err := r.update("idempotency_keys").
		Set("response_code", code).Set("response_body", body).
		Where("tenant_id = ? AND scope = ? AND key = ?", tenantID, scope, key).
		ExecContext(ctx)
	return err
}
