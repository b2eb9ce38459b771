package postgres

import (
	"context"
	"database/sql"
	"errors"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
)

// IdempotencyRepo stores client request keys and the responses produced
// for them.
type IdempotencyRepo struct{ Store }

func NewIdempotencyRepo(s Store) *IdempotencyRepo { return &IdempotencyRepo{s} }

type idemRow struct {
	Scope       string        `db:"scope"`
	Key         string        `db:"key"`
	RequestHash string        `db:"request_hash"`
	StatusCode  sql.NullInt64 `db:"status_code"`
	Response    []byte        `db:"response"`
	CompletedAt sql.NullTime  `db:"completed_at"`
	CreatedAt   sql.NullTime  `db:"created_at"`
}

func (r idemRow) record() *ports.IdempotencyRecord {
	return &ports.IdempotencyRecord{
		Scope:       r.Scope,
		Key:         r.Key,
		RequestHash: r.RequestHash,
		StatusCode:  int(r.StatusCode.Int64),
		Response:    r.Response,
		Completed:   r.CompletedAt.Valid,
	}
}

func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, *ports.IdempotencyRecord, error) {
	const op errs.Op = "idempotency.Claim"
	q := r.q(ctx)
	n, err := exec(ctx, q, op, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return false, nil, err
	}
	if n == 1 {
		return true, nil, nil
	}
	row, err := one[idemRow](ctx, q, op, `
		SELECT scope, key, request_hash, status_code, response, completed_at, created_at
		  FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if err != nil {
		return false, nil, err
	}
	return false, row.record(), nil
}

func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key string, status int, response []byte) error {
	_, err := exec(ctx, r.q(ctx), "idempotency.Complete", `
		UPDATE idempotency_keys
		   SET status_code = $3, response = $4, completed_at = now()
		 WHERE scope = $1 AND key = $2`, scope, key, status, response)
	return err
}

func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (*ports.IdempotencyRecord, error) {
	row, err := one[idemRow](ctx, r.q(ctx), "idempotency.Lookup", `
		SELECT scope, key, request_hash, status_code, response, completed_at, created_at
		  FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if errs.Is(errs.NotFound, err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return row.record(), nil
}

func (r *IdempotencyRepo) Save(ctx context.Context, rec ports.IdempotencyRecord) error {
	_, err := exec(ctx, r.q(ctx), "idempotency.Save", `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, completed_at)
		VALUES ($1, $2, $3, $4, $5, now())
		ON CONFLICT (scope, key) DO UPDATE
		   SET status_code = EXCLUDED.status_code,
		       response = EXCLUDED.response,
		       completed_at = EXCLUDED.completed_at`,
		rec.Scope, rec.Key, rec.RequestHash, rec.StatusCode, rec.Response)
	return err
}

// Inbox records inbound webhook event IDs.
type Inbox struct{ Store }

func NewInbox(s Store) *Inbox { return &Inbox{s} }

func (i *Inbox) Claim(ctx context.Context, source, eventID, eventType string) (bool, error) {
	const op errs.Op = "inbox.Claim"
	if source != "stripe" {
		return false, errs.Errorf(op, errs.Invalid, "unknown event source %q", source)
	}
	var id string
	err := i.q(ctx).GetContext(ctx, &id, `
		INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING
		RETURNING event_id`, eventID, eventType)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, errs.E(op, errs.Internal, err)
	}
	return true, nil
}
