package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// ErrKeyReused is returned when an idempotency key is presented again with a
// different request body.
var ErrKeyReused = errors.New("store: idempotency key reused with a different request")

// KeyStore persists caller-supplied idempotency keys per scope.
type KeyStore struct {
	db DBTX
}

// Claim records key under scope. When the key was already claimed it returns
// claimed=false and the resource the first request produced (which may be
// empty if that request is still in flight).
func (k *KeyStore) Claim(ctx context.Context, scope, key, requestHash string) (claimed bool, resourceID string, err error) {
	tag, err := k.db.Exec(ctx,
		`INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		 ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return false, "", fmt.Errorf("claim idempotency key: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return true, "", nil
	}
	var hash string
	var res *string
	err = k.db.QueryRow(ctx,
		`SELECT request_hash, resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&hash, &res)
	if err != nil {
		return false, "", fmt.Errorf("load idempotency key: %w", err)
	}
	if hash != requestHash {
		return false, "", ErrKeyReused
	}
	if res != nil {
		resourceID = *res
	}
	return false, resourceID, nil
}

// Bind attaches the produced resource to a claimed key.
func (k *KeyStore) Bind(ctx context.Context, scope, key, resourceID string) error {
	_, err := k.db.Exec(ctx,
		`UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`,
		scope, key, resourceID)
	if err != nil {
		return fmt.Errorf("bind idempotency key: %w", err)
	}
	return nil
}

// Lookup returns the resource stored for key, if any.
func (k *KeyStore) Lookup(ctx context.Context, scope, key string) (string, bool, error) {
	var res *string
	err := k.db.QueryRow(ctx,
		`SELECT resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&res)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("lookup idempotency key: %w", err)
	}
	if res == nil {
		return "", true, nil
	}
	return *res, true, nil
}

// Save stores key with its resource in one statement.
func (k *KeyStore) Save(ctx context.Context, scope, key, requestHash, resourceID string) error {
	_, err := k.db.Exec(ctx,
		`INSERT INTO idempotency_keys (scope, key, request_hash, resource_id) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (scope, key) DO UPDATE SET resource_id = EXCLUDED.resource_id`,
		scope, key, requestHash, resourceID)
	if err != nil {
		return fmt.Errorf("save idempotency key: %w", err)
	}
	return nil
}

// Inbox records callback events a handler has finished with.
type Inbox struct {
	db DBTX
}

// Seen reports whether handler already processed eventID.
func (i *Inbox) Seen(ctx context.Context, handler, eventID string) (bool, error) {
	var ok bool
	err := i.db.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM callback_inbox WHERE handler = $1 AND event_id = $2)`,
		handler, eventID).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("inbox lookup: %w", err)
	}
	return ok, nil
}

// MarkProcessed records that handler finished eventID.
func (i *Inbox) MarkProcessed(ctx context.Context, handler, eventID string) error {
	_, err := i.db.Exec(ctx,
		`INSERT INTO callback_inbox (handler, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
		handler, eventID)
	if err != nil {
		return fmt.Errorf("inbox mark: %w", err)
	}
	return nil
}
