package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

type Closures interface {
	// InsertIfAbsent declares the closure once per lift and day and returns
	// the stored row either way.
	InsertIfAbsent(ctx context.Context, db bun.IDB, c *model.LiftClosure) (*model.LiftClosure, bool, error)
	Get(ctx context.Context, db bun.IDB, id int64) (*model.LiftClosure, error)
}

type closureRepo struct{}

func NewClosures() Closures { return closureRepo{} }

func (closureRepo) InsertIfAbsent(ctx context.Context, db bun.IDB, c *model.LiftClosure) (*model.LiftClosure, bool, error) {
	res, err := db.NewInsert().Model(c).On("CONFLICT (lift_id, closure_date) DO NOTHING").Exec(ctx)
	if err != nil {
		return nil, false, err
	}
	created := affected(res) == 1
	out := new(model.LiftClosure)
	err = db.NewSelect().Model(out).
		Where("lift_id = ? AND closure_date = ?", c.LiftID, c.ClosureDate.Format(time.DateOnly)).
		Scan(ctx)
	return out, created, err
}

func (closureRepo) Get(ctx context.Context, db bun.IDB, id int64) (*model.LiftClosure, error) {
	c := new(model.LiftClosure)
	if err := db.NewSelect().Model(c).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return c, nil
}

type Claims interface {
	Insert(ctx context.Context, db bun.IDB, c *model.RefundClaim) error
	Get(ctx context.Context, db bun.IDB, id string) (*model.RefundClaim, error)
	MarkRefunded(ctx context.Context, db bun.IDB, id, stripeRefundID string) error
}

type claimRepo struct{}

func NewClaims() Claims { return claimRepo{} }

func (claimRepo) Insert(ctx context.Context, db bun.IDB, c *model.RefundClaim) error {
	_, err := db.NewInsert().Model(c).Exec(ctx)
	return err
}

func (claimRepo) Get(ctx context.Context, db bun.IDB, id string) (*model.RefundClaim, error) {
	c := new(model.RefundClaim)
	if err := db.NewSelect().Model(c).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return c, nil
}

func (claimRepo) MarkRefunded(ctx context.Context, db bun.IDB, id, stripeRefundID string) error {
	_, err := db.NewUpdate().Model((*model.RefundClaim)(nil)).
		Set("status = ?", model.RefundDone).
		Set("stripe_refund_id = ?", stripeRefundID).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type WeatherRefunds interface {
	InsertIfAbsent(ctx context.Context, db bun.IDB, r *model.WeatherRefund) (bool, error)
	ListPending(ctx context.Context, db bun.IDB, closureID int64) ([]*model.WeatherRefund, error)
	Get(ctx context.Context, db bun.IDB, id int64) (*model.WeatherRefund, error)
	MarkRefunded(ctx context.Context, db bun.IDB, id int64, stripeRefundID string) error
}

type weatherRefundRepo struct{}

func NewWeatherRefunds() WeatherRefunds { return weatherRefundRepo{} }

func (weatherRefundRepo) InsertIfAbsent(ctx context.Context, db bun.IDB, r *model.WeatherRefund) (bool, error) {
	res, err := db.NewInsert().Model(r).On("CONFLICT (closure_id, pass_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (weatherRefundRepo) ListPending(ctx context.Context, db bun.IDB, closureID int64) ([]*model.WeatherRefund, error) {
	var out []*model.WeatherRefund
	err := db.NewSelect().Model(&out).
		Where("closure_id = ? AND status = ?", closureID, model.RefundPending).
		Order("id").
		Scan(ctx)
	return out, err
}

func (weatherRefundRepo) Get(ctx context.Context, db bun.IDB, id int64) (*model.WeatherRefund, error) {
	r := new(model.WeatherRefund)
	if err := db.NewSelect().Model(r).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return r, nil
}

func (weatherRefundRepo) MarkRefunded(ctx context.Context, db bun.IDB, id int64, stripeRefundID string) error {
	_, err := db.NewUpdate().Model((*model.WeatherRefund)(nil)).
		Set("status = ?", model.RefundDone).
		Set("stripe_refund_id = ?", stripeRefundID).
		Where("id = ?", id).
		Exec(ctx)
	return err
}
