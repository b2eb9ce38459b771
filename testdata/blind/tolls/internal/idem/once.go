package idem

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/northgate/tolls/internal/domain"
)

// Once runs fn for the first request that presents (scope, key) and replays
// the stored result for later ones. Results must be JSON-serialisable.
func Once[T any](ctx context.Context, s *Store, scope, key string, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	rec, err := s.Lookup(ctx, scope, key)
	if err != nil {
		return zero, err
	}
	if rec != nil && len(rec.ResponseBody) > 0 {
		var out T
		if err := json.Unmarshal(rec.ResponseBody, &out); err != nil {
			return zero, fmt.Errorf("idem: decode stored result: %w", err)
		}
		return out, nil
	}

	out, err := fn(ctx)
	if err != nil {
		return zero, err
	}

	body, err := json.Marshal(out)
	if err != nil {
		return out, nil
	}
	if err := s.Remember(ctx, &domain.IdempotencyRecord{
		Scope: scope, Key: key, ResponseCode: 200, ResponseBody: body,
	}); err != nil {
		return out, fmt.Errorf("idem: store result: %w", err)
	}
	return out, nil
}
