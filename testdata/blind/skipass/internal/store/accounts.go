package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

type Accounts interface {
	Get(ctx context.Context, db bun.IDB, id string) (*model.Account, error)
	UpdateProfile(ctx context.Context, db bun.IDB, a *model.Account) error
	AddPoints(ctx context.Context, db bun.IDB, id string, points int) error
	DebitPoints(ctx context.Context, db bun.IDB, id string, points int) (bool, error)
}

type accountRepo struct{}

func NewAccounts() Accounts { return accountRepo{} }

func (accountRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.Account, error) {
	a := new(model.Account)
	if err := db.NewSelect().Model(a).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return a, nil
}

func (accountRepo) UpdateProfile(ctx context.Context, db bun.IDB, a *model.Account) error {
	res, err := db.NewUpdate().Model(a).
		Column("display_name", "phone", "marketing_opt_in").
		Set("updated_at = ?", time.Now()).
		WherePK().
		Exec(ctx)
	if err != nil {
		return err
	}
	if affected(res) == 0 {
		return ErrNotFound
	}
	return nil
}

func (accountRepo) AddPoints(ctx context.Context, db bun.IDB, id string, points int) error {
	_, err := db.NewUpdate().Model((*model.Account)(nil)).
		Set("points_balance = points_balance + ?", points).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (accountRepo) DebitPoints(ctx context.Context, db bun.IDB, id string, points int) (bool, error) {
	res, err := db.NewUpdate().Model((*model.Account)(nil)).
		Set("points_balance = points_balance - ?", points).
		Set("updated_at = now()").
		Where("id = ? AND points_balance >= ?", id, points).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}
