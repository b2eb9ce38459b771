// Package services implements the clinic's use cases on top of the ports.
package services

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
)

// Keyed runs fn once per (scope, key). The key is claimed inside the same
// transaction as fn's writes and the result is stored with it; a repeated
// key returns the stored result with replayed set.
func Keyed[T any](
	ctx context.Context,
	tx ports.TxRunner,
	store ports.IdempotencyStore,
	scope, key string,
	request any,
	fn func(ctx context.Context) (T, error),
) (out T, replayed bool, err error) {
	const op errs.Op = "services.Keyed"
	if key == "" {
		return out, false, errs.E(op, errs.Invalid, "Idempotency-Key is required")
	}
	hash, err := requestHash(request)
	if err != nil {
		return out, false, errs.E(op, errs.Internal, err)
	}
	err = tx.WithTx(ctx, func(ctx context.Context) error {
		claimed, rec, err := store.Claim(ctx, scope, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.RequestHash != hash {
				return errs.E(op, errs.Conflict, "Idempotency-Key reused with a different request")
			}
			replayed = true
			return json.Unmarshal(rec.Response, &out)
		}
		res, err := fn(ctx)
		if err != nil {
			return err
		}
		body, err := json.Marshal(res)
		if err != nil {
			return errs.E(op, errs.Internal, err)
		}
		out = res
		return store.Complete(ctx, scope, key, 201, body)
	})
	return out, replayed, err
}

func requestHash(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}
