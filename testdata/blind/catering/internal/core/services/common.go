// Package services implements the application use cases on top of the ports.
package services

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

// requestHash fingerprints a command so a reused idempotency key with a
// different body can be rejected.
func requestHash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// replay decodes the stored response of an idempotent request.
func replay[T any](rec *ports.IdempotencyRecord, hash string) (T, error) {
	var out T
	if rec.RequestHash != hash {
		return out, fmt.Errorf("%w: idempotency key reused with a different request", domain.ErrConflict)
	}
	if !rec.Completed {
		return out, fmt.Errorf("%w: request with this idempotency key is still in progress", domain.ErrConflict)
	}
	if err := json.Unmarshal(rec.Response, &out); err != nil {
		return out, fmt.Errorf("decode stored response: %w", err)
	}
	return out, nil
}

func requireKey(key string) error {
	if key == "" {
		return domain.Invalid("Idempotency-Key", "header is required")
	}
	if len(key) > 200 {
		return domain.Invalid("Idempotency-Key", "too long")
	}
	return nil
}
