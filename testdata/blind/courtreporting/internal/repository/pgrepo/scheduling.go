package pgrepo

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/stenoline-legal/depobook/internal/domain"
)

type Reporters struct{ base }

func NewReporters(db *bun.DB) *Reporters { return &Reporters{base{db}} }

func (r *Reporters) Get(ctx context.Context, id string) (*domain.Reporter, error) {
	rep := new(domain.Reporter)
	err := r.conn(ctx).NewSelect().Model(rep).Where("id = ?", id).Scan(ctx)
	return rep, notFound(err)
}

func (r *Reporters) FindByPhone(ctx context.Context, phone string) (*domain.Reporter, error) {
	rep := new(domain.Reporter)
	err := r.conn(ctx).NewSelect().Model(rep).
		Where("phone = ?", phone).
		Where("active").
		Limit(1).
		Scan(ctx)
	return rep, notFound(err)
}

func (r *Reporters) NextAvailable(ctx context.Context, region string, day time.Time) (*domain.Reporter, error) {
	start := day.Truncate(24 * time.Hour)
	load := r.conn(ctx).NewSelect().
		TableExpr("assignments AS a").
		ColumnExpr("count(*)").
		Join("JOIN bookings AS b ON b.id = a.booking_id").
		Where("a.reporter_id = r.id").
		Where("a.status <> ?", domain.AssignmentDeclined).
		Where("b.starts_at >= ? AND b.starts_at < ?", start, start.Add(24*time.Hour))

	rep := new(domain.Reporter)
	err := r.conn(ctx).NewSelect().Model(rep).
		Where("r.region = ?", region).
		Where("r.active").
		OrderExpr("(?) ASC, r.id ASC", load).
		Limit(1).
		Scan(ctx)
	if err != nil {
		if err = notFound(err); err == domain.ErrNotFound {
			return nil, domain.ErrNoReporter
		}
		return nil, err
	}
	return rep, nil
}

func (r *Reporters) AddYTDPaid(ctx context.Context, reporterID string, cents int64) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Reporter)(nil)).
		Set("ytd_paid_cents = ytd_paid_cents + ?", cents).
		Where("id = ?", reporterID).
		Exec(ctx)
	return err
}

type Assignments struct{ base }

func NewAssignments(db *bun.DB) *Assignments { return &Assignments{base{db}} }

func (r *Assignments) Create(ctx context.Context, a *domain.Assignment) (*domain.Assignment, error) {
	db := r.conn(ctx)
	_, err := db.NewInsert().Model(a).
		On("CONFLICT (booking_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	stored := new(domain.Assignment)
	err = db.NewSelect().Model(stored).Where("booking_id = ?", a.BookingID).Scan(ctx)
	return stored, err
}

func (r *Assignments) Get(ctx context.Context, id string) (*domain.Assignment, error) {
	a := new(domain.Assignment)
	err := r.conn(ctx).NewSelect().Model(a).Where("id = ?", id).Scan(ctx)
	return a, notFound(err)
}

func (r *Assignments) LatestOfferFor(ctx context.Context, reporterID string) (*domain.Assignment, error) {
	a := new(domain.Assignment)
	err := r.conn(ctx).NewSelect().Model(a).
		Where("reporter_id = ?", reporterID).
		Where("status = ?", domain.AssignmentOffered).
		Order("offered_at DESC").
		Limit(1).
		Scan(ctx)
	return a, notFound(err)
}

func (r *Assignments) Accept(ctx context.Context, id string, at time.Time) error {
	res, err := r.conn(ctx).NewUpdate().Model((*domain.Assignment)(nil)).
		Set("status = ?", domain.AssignmentAccepted).
		Set("accepted_at = ?", at).
		Where("id = ?", id).
		Where("status = ?", domain.AssignmentOffered).
		Exec(ctx)
	if err != nil {
		return err
	}
	if ok, err := affected(res); err != nil {
		return err
	} else if !ok {
		return domain.ErrNotOffered
	}
	return nil
}

type InboundMessages struct{ base }

func NewInboundMessages(db *bun.DB) *InboundMessages { return &InboundMessages{base{db}} }

func (r *InboundMessages) Insert(ctx context.Context, m *domain.InboundSMS) error {
	_, err := r.conn(ctx).NewInsert().Model(m).Exec(ctx)
	return err
}

type Alerts struct{ base }

func NewAlerts(db *bun.DB) *Alerts { return &Alerts{base{db}} }

// LogAttempt appends one row per send attempt; the table is an audit trail.
func (r *Alerts) LogAttempt(ctx context.Context, a *domain.AlertAttempt) error {
	_, err := r.conn(ctx).NewInsert().Model(a).Exec(ctx)
	return err
}
