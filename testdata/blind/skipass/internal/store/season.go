package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

type Contracts interface {
	Insert(ctx context.Context, db bun.IDB, c *model.SeasonContract, schedule []*model.Instalment) error
	Get(ctx context.Context, db bun.IDB, id string) (*model.SeasonContract, error)
	MarkDefaulted(ctx context.Context, db bun.IDB, id string) error
}

type contractRepo struct{}

func NewContracts() Contracts { return contractRepo{} }

func (contractRepo) Insert(ctx context.Context, db bun.IDB, c *model.SeasonContract, schedule []*model.Instalment) error {
	if _, err := db.NewInsert().Model(c).Exec(ctx); err != nil {
		return err
	}
	if len(schedule) == 0 {
		return nil
	}
	_, err := db.NewInsert().Model(&schedule).
		On("CONFLICT (contract_id, seq) DO NOTHING").
		Returning("id").
		Exec(ctx)
	return err
}

func (contractRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.SeasonContract, error) {
	c := new(model.SeasonContract)
	if err := db.NewSelect().Model(c).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return c, nil
}

func (contractRepo) MarkDefaulted(ctx context.Context, db bun.IDB, id string) error {
	_, err := db.NewUpdate().Model((*model.SeasonContract)(nil)).
		Set("status = ?", model.ContractDefaulted).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type Instalments interface {
	Get(ctx context.Context, db bun.IDB, id int64) (*model.Instalment, error)
	ListDue(ctx context.Context, db bun.IDB, asOf time.Time, limit int) ([]*model.Instalment, error)
	BeginAttempt(ctx context.Context, db bun.IDB, id int64) (int, error)
	MarkPaid(ctx context.Context, db bun.IDB, id int64, piID string, at time.Time) error
	MarkFailed(ctx context.Context, db bun.IDB, id int64, reason string) error
	ByPaymentIntent(ctx context.Context, db bun.IDB, piID string) (*model.Instalment, error)
}

type instalmentRepo struct{}

func NewInstalments() Instalments { return instalmentRepo{} }

func (instalmentRepo) Get(ctx context.Context, db bun.IDB, id int64) (*model.Instalment, error) {
	i := new(model.Instalment)
	if err := db.NewSelect().Model(i).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return i, nil
}

func (instalmentRepo) ListDue(ctx context.Context, db bun.IDB, asOf time.Time, limit int) ([]*model.Instalment, error) {
	var out []*model.Instalment
	err := db.NewSelect().Model(&out).
		Where("due_date <= ?", asOf.Format(time.DateOnly)).
		Where("status IN (?)", bun.In([]string{model.InstalmentScheduled, model.InstalmentFailed})).
		Where("attempts < 4").
		Order("due_date", "id").
		Limit(int64(limit)).
		Scan(ctx)
	return out, err
}

// BeginAttempt moves the instalment to processing and returns the attempt number.
func (instalmentRepo) BeginAttempt(ctx context.Context, db bun.IDB, id int64) (int, error) {
	var attempts int
	err := db.NewRaw(`
		UPDATE instalments SET status = ?, attempts = attempts + 1
		WHERE id = ? AND status <> ?
		RETURNING attempts`,
		model.InstalmentProcessing, id, model.InstalmentPaid).Scan(ctx, &attempts)
	if err != nil {
		return 0, notFound(err)
	}
	return attempts, nil
}

func (instalmentRepo) MarkPaid(ctx context.Context, db bun.IDB, id int64, piID string, at time.Time) error {
	_, err := db.NewUpdate().Model((*model.Instalment)(nil)).
		Set("status = ?", model.InstalmentPaid).
		Set("payment_intent_id = ?", piID).
		Set("paid_at = ?", at).
		Set("last_error = ''").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (instalmentRepo) MarkFailed(ctx context.Context, db bun.IDB, id int64, reason string) error {
	_, err := db.NewUpdate().Model((*model.Instalment)(nil)).
		Set("status = ?", model.InstalmentFailed).
		Set("last_error = ?", reason).
		Where("id = ? AND status <> ?", id, model.InstalmentPaid).
		Exec(ctx)
	return err
}

func (instalmentRepo) ByPaymentIntent(ctx context.Context, db bun.IDB, piID string) (*model.Instalment, error) {
	i := new(model.Instalment)
	if err := db.NewSelect().Model(i).Where("payment_intent_id = ?", piID).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return i, nil
}

// LatestPaid returns the most recently paid instalment of the contract.
func LatestPaid(ctx context.Context, db bun.IDB, contractID string) (*model.Instalment, error) {
	i := new(model.Instalment)
	err := db.NewSelect().Model(i).
		Where("contract_id = ? AND status = ?", contractID, model.InstalmentPaid).
		Order("paid_at DESC").
		Limit(1).
		Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return i, nil
}
