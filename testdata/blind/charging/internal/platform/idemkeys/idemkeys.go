// Package idemkeys stores client-supplied Idempotency-Key values. A key is
// claimed inside the same transaction that creates the resource it guards,
// so either both commit or neither does.
package idemkeys

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/voltway/charging/internal/platform/dbutil"
)

// ErrMismatch is returned when a key is reused with a different request.
var ErrMismatch = errors.New("idempotency key reused with a different request")

// Claim is the outcome of claiming a key.
type Claim struct {
	// ResourceID is the resource bound to the key: the one passed in when
	// the claim is new, or the one stored by the first request.
	ResourceID string
	// Fresh is true when this call created the claim.
	Fresh bool
}

// Hash fingerprints a request body.
func Hash(body string) string {
	sum := sha256.Sum256([]byte(body))
	return hex.EncodeToString(sum[:])
}

// ClaimKey binds (scope, key) to resourceID unless it is already bound.
// Must be called on the transaction that creates the resource.
func ClaimKey(ctx context.Context, q dbutil.Querier, scope, key, requestHash, resourceID string) (Claim, error) {
	res, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO idempotency_keys (scope, idem_key, request_hash, resource_id)
		VALUES (?, ?, ?, ?)`, scope, key, requestHash, resourceID)
	if err != nil {
		return Claim{}, fmt.Errorf("claim idempotency key: %w", err)
	}
	if dbutil.Affected(res) == 1 {
		return Claim{ResourceID: resourceID, Fresh: true}, nil
	}
	var storedHash, storedID string
	if err := q.QueryRowContext(ctx, `
		SELECT request_hash, resource_id FROM idempotency_keys
		WHERE scope = ? AND idem_key = ? FOR UPDATE`, scope, key).Scan(&storedHash, &storedID); err != nil {
		return Claim{}, fmt.Errorf("load idempotency key: %w", err)
	}
	if storedHash != requestHash {
		return Claim{}, ErrMismatch
	}
	return Claim{ResourceID: storedID, Fresh: false}, nil
}
