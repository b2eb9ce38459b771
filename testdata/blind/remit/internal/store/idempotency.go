package store

import (
	"context"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/idempotencykey"
)

// IdempotencyRepo stores caller-supplied idempotency keys.
type IdempotencyRepo interface {
	// Claim inserts the key. It returns (nil, true) when this call owns the key
	// and (existing, false) when the key was claimed before.
	Claim(ctx context.Context, scope, key, principal string) (*ent.IdempotencyKey, bool, error)
	// Complete stores the resource ID and the serialized response for a claimed key.
	Complete(ctx context.Context, scope, key, resourceID string, response []byte) error
	Lookup(ctx context.Context, scope, key string) (*ent.IdempotencyKey, error)
	Save(ctx context.Context, scope, key, principal, resourceID string, response []byte) error
}

type idempotencyRepo struct{ c *ent.Client }

func NewIdempotencyRepo(c *ent.Client) IdempotencyRepo { return &idempotencyRepo{c: c} }

func (r *idempotencyRepo) Claim(ctx context.Context, scope, key, principal string) (*ent.IdempotencyKey, bool, error) {
	_, err := r.c.IdempotencyKey.Create().
		SetScope(scope).
		SetKey(key).
		SetPrincipal(principal).
		OnConflictColumns(idempotencykey.FieldScope, idempotencykey.FieldKey).
		DoNothing().
		ID(ctx)
	if err == nil {
		return nil, true, nil
	}
	if !conflicted(err) {
		return nil, false, wrap(err, "claim idempotency key")
	}
	existing, err := r.Lookup(ctx, scope, key)
	return existing, false, err
}

func (r *idempotencyRepo) Complete(ctx context.Context, scope, key, resourceID string, response []byte) error {
	_, err := r.c.IdempotencyKey.Update().
		Where(idempotencykey.Scope(scope), idempotencykey.Key(key)).
		SetResourceID(resourceID).
		SetResponse(response).
		Save(ctx)
	return wrap(err, "complete idempotency key")
}

func (r *idempotencyRepo) Lookup(ctx context.Context, scope, key string) (*ent.IdempotencyKey, error) {
	k, err := r.c.IdempotencyKey.Query().
		Where(idempotencykey.Scope(scope), idempotencykey.Key(key)).
		Only(ctx)
	return k, wrap(err, "lookup idempotency key")
}

func (r *idempotencyRepo) Save(ctx context.Context, scope, key, principal, resourceID string, response []byte) error {
	err := r.c.IdempotencyKey.Create().
		SetScope(scope).
		SetKey(key).
		SetPrincipal(principal).
		SetResourceID(resourceID).
		SetResponse(response).
		OnConflictColumns(idempotencykey.FieldScope, idempotencykey.FieldKey).
		UpdateNewValues().
		Exec(ctx)
	return wrap(err, "save idempotency key")
}
