package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
)

type ApplicationRepo struct{}

// InsertIfAbsent inserts app unless an application with the same submission
// token already exists. It reports whether a row was written.
func (ApplicationRepo) InsertIfAbsent(ctx context.Context, db bun.IDB, app *domain.MembershipApplication) (bool, error) {
	res, err := db.NewInsert().Model(app).
		On("CONFLICT (submission_token) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (ApplicationRepo) GetByToken(ctx context.Context, db bun.IDB, token string) (*domain.MembershipApplication, error) {
	return selectOne[domain.MembershipApplication](ctx, db, "application", "submission_token = ?", token)
}

func (ApplicationRepo) Get(ctx context.Context, db bun.IDB, id string) (*domain.MembershipApplication, error) {
	return selectOne[domain.MembershipApplication](ctx, db, "application", "id = ?", id)
}

// GetForUpdate locks the application row for the rest of the transaction.
func (ApplicationRepo) GetForUpdate(ctx context.Context, tx bun.Tx, id string) (*domain.MembershipApplication, error) {
	app := new(domain.MembershipApplication)
	err := tx.NewSelect().Model(app).Where("id = ?", id).For("UPDATE").Scan(ctx)
	if err != nil {
		return nil, notFound(err, "application")
	}
	return app, nil
}

// SetSponsorCount records the number of sponsors and moves the application to
// seconded once enough have approved.
func (ApplicationRepo) SetSponsorCount(ctx context.Context, db bun.IDB, id string, count int, status string) error {
	_, err := db.NewUpdate().Model((*domain.MembershipApplication)(nil)).
		Set("sponsor_count = ?", count).
		Set("status = ?", status).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// Decide moves a seconded application to its final status. It reports false
// when the application was not in the seconded state.
func (ApplicationRepo) Decide(ctx context.Context, db bun.IDB, id, status, note, memberID string, at time.Time) (bool, error) {
	q := db.NewUpdate().Model((*domain.MembershipApplication)(nil)).
		Set("status = ?", status).
		Set("decision_note = ?", note).
		Set("decided_at = ?", at).
		Where("id = ?", id).
		Where("status = ?", domain.AppSeconded)
	if memberID != "" {
		q = q.Set("member_id = ?", memberID)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

type SponsorRepo struct{}

// InsertIfAbsent records a sponsor's approval; a second approval by the same
// sponsor for the same application is a no-op.
func (SponsorRepo) InsertIfAbsent(ctx context.Context, db bun.IDB, a *domain.SponsorApproval) (bool, error) {
	res, err := db.NewInsert().Model(a).
		On("CONFLICT (application_id, sponsor_member_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (SponsorRepo) Count(ctx context.Context, db bun.IDB, applicationID string) (int, error) {
	n, err := db.NewSelect().Model((*domain.SponsorApproval)(nil)).
		Where("application_id = ?", applicationID).
		Count(ctx)
	return int(n), err
}

type MemberRepo struct{}

func (MemberRepo) Get(ctx context.Context, db bun.IDB, id string) (*domain.Member, error) {
	return selectOne[domain.Member](ctx, db, "member", "id = ?", id)
}

func (MemberRepo) GetByApplication(ctx context.Context, db bun.IDB, applicationID string) (*domain.Member, error) {
	return selectOne[domain.Member](ctx, db, "member", "application_id = ?", applicationID)
}

// InsertForApplication creates the member row for an approved application.
// The application_id unique key makes it a no-op if the member already exists.
func (MemberRepo) InsertForApplication(ctx context.Context, db bun.IDB, m *domain.Member) (bool, error) {
	res, err := db.NewInsert().Model(m).
		On("CONFLICT (application_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// SetStripeCustomer stores the Stripe customer id if none is set yet.
func (MemberRepo) SetStripeCustomer(ctx context.Context, db bun.IDB, id, customerID string) error {
	_, err := db.NewUpdate().Model((*domain.Member)(nil)).
		Set("stripe_customer_id = ?", customerID).
		Where("id = ?", id).
		Where("stripe_customer_id IS NULL").
		Exec(ctx)
	return err
}

// ListActive pages through active members ordered by id.
func (MemberRepo) ListActive(ctx context.Context, db bun.IDB, after string, limit int) ([]domain.Member, error) {
	var ms []domain.Member
	q := db.NewSelect().Model(&ms).
		Where("status = ?", domain.MemberActive).
		OrderExpr("id ASC").
		Limit(int64(limit))
	if after != "" {
		q = q.Where("id > ?", after)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, err
	}
	return ms, nil
}
