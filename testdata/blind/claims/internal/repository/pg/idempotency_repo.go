package pg

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/harborline/claims/internal/claims"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/store/dbgen"
)

// IdempotencyRepo implements claims.IdempotencyStore on idempotency_keys.
type IdempotencyRepo struct{ base }

// NewIdempotencyRepo builds an IdempotencyRepo.
func NewIdempotencyRepo(conn *txctx.Conn) *IdempotencyRepo { return &IdempotencyRepo{base{conn}} }

var _ claims.IdempotencyStore = (*IdempotencyRepo)(nil)

// Begin inserts the key; on conflict it waits for the competing transaction
// (row lock) and returns the stored record.
func (r *IdempotencyRepo) Begin(ctx context.Context, scope, key, hash string) (bool, claims.IdempotencyRecord, error) {
	q := r.q(ctx)
	_, err := q.ReserveIdempotencyKey(ctx, dbgen.ReserveIdempotencyKeyParams{Scope: scope, IdemKey: key, RequestHash: hash})
	if err == nil {
		return true, claims.IdempotencyRecord{}, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, claims.IdempotencyRecord{}, err
	}
	row, err := q.GetIdempotencyKey(ctx, dbgen.GetIdempotencyKeyParams{Scope: scope, IdemKey: key})
	if err != nil {
		return false, claims.IdempotencyRecord{}, err
	}
	return false, claims.IdempotencyRecord{
		RequestHash: row.RequestHash,
		Status:      int(deref(row.ResponseStatus)),
		Body:        row.ResponseBody,
		Completed:   row.ResponseStatus != nil,
	}, nil
}

func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key string, status int, body []byte) error {
	st := int32(status)
	return r.q(ctx).CompleteIdempotencyKey(ctx, dbgen.CompleteIdempotencyKeyParams{
		Scope: scope, IdemKey: key, ResponseStatus: &st, ResponseBody: body,
	})
}
