package store

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

// Keys stores caller-supplied idempotency keys.
type Keys interface {
	// Claim inserts the key if absent and reports whether this call created it.
	Claim(ctx context.Context, db bun.IDB, scope, key, resourceID string) (bool, error)
	Find(ctx context.Context, db bun.IDB, scope, key string) (*model.IdempotencyKey, error)
	Record(ctx context.Context, db bun.IDB, k *model.IdempotencyKey) error
}

type keyRepo struct{}

func NewKeys() Keys { return keyRepo{} }

func (keyRepo) Claim(ctx context.Context, db bun.IDB, scope, key, resourceID string) (bool, error) {
	k := &model.IdempotencyKey{Scope: scope, Key: key, ResourceID: resourceID}
	res, err := db.NewInsert().Model(k).On("CONFLICT (scope, key) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (keyRepo) Find(ctx context.Context, db bun.IDB, scope, key string) (*model.IdempotencyKey, error) {
	k := new(model.IdempotencyKey)
	err := db.NewSelect().Model(k).Where("scope = ? AND key = ?", scope, key).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return k, nil
}

func (keyRepo) Record(ctx context.Context, db bun.IDB, k *model.IdempotencyKey) error {
	_, err := db.NewInsert().Model(k).
		On("CONFLICT (scope, key) DO UPDATE").
		Set("resource_id = EXCLUDED.resource_id").
		Set("response_code = EXCLUDED.response_code").
		Set("response_body = EXCLUDED.response_body").
		Exec(ctx)
	return err
}
