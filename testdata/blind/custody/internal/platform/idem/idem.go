// Package idem implements request idempotency on top of the unit of work.
package idem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/ports"
)

// Hash returns a stable fingerprint of a request value.
func Hash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Run executes fn at most once per (scope, key). The key is claimed inside
// the same transaction as fn's writes, so either both commit or neither
// does. A repeated call with the same key returns the stored result and
// replayed=true; a repeated key with a different request is rejected.
func Run[T any](
	ctx context.Context,
	uow ports.UnitOfWork,
	scope, key string,
	request any,
	fn func(ctx context.Context, r ports.Repos) (T, error),
) (result T, replayed bool, err error) {
	if key == "" {
		return result, false, fmt.Errorf("idem: empty key for %s", scope)
	}
	hash := Hash(request)
	err = uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		claimed, err := r.Idempotency().Claim(ctx, scope, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			rec, err := r.Idempotency().Get(ctx, scope, key)
			if err != nil {
				return err
			}
			if rec.RequestHash != hash {
				return domain.ErrKeyReuse
			}
			replayed = true
			return json.Unmarshal(rec.ResponseBody, &result)
		}

		res, err := fn(ctx, r)
		if err != nil {
			return err
		}
		body, err := json.Marshal(res)
		if err != nil {
			return err
		}
		if err := r.Idempotency().Complete(ctx, scope, key, 200, body); err != nil {
			return err
		}
		result = res
		return nil
	})
	return result, replayed, err
}
