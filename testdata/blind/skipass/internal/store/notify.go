package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/model"
)

type Notifications interface {
	// Ensure creates the (kind, ref) notification if absent and returns it.
	Ensure(ctx context.Context, db bun.IDB, n *model.Notification) (*model.Notification, error)
	MarkSent(ctx context.Context, db bun.IDB, id int64, at time.Time) error
}

type notificationRepo struct{}

func NewNotifications() Notifications { return notificationRepo{} }

func (notificationRepo) Ensure(ctx context.Context, db bun.IDB, n *model.Notification) (*model.Notification, error) {
	if _, err := db.NewInsert().Model(n).On("CONFLICT (kind, ref) DO NOTHING").Exec(ctx); err != nil {
		return nil, err
	}
	out := new(model.Notification)
	err := db.NewSelect().Model(out).Where("kind = ? AND ref = ?", n.Kind, n.Ref).Scan(ctx)
	return out, err
}

func (notificationRepo) MarkSent(ctx context.Context, db bun.IDB, id int64, at time.Time) error {
	_, err := db.NewUpdate().Model((*model.Notification)(nil)).
		Set("sent_at = ?", at).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// StripeEvents is the log of processed Stripe webhook events.
type StripeEvents interface {
	Insert(ctx context.Context, db bun.IDB, e *model.StripeEvent) error
}

type stripeEventRepo struct{}

func NewStripeEvents() StripeEvents { return stripeEventRepo{} }

func (stripeEventRepo) Insert(ctx context.Context, db bun.IDB, e *model.StripeEvent) error {
	_, err := db.NewInsert().Model(e).Exec(ctx)
	return err
}
