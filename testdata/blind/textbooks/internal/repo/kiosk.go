package repo

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/domain"
)

type Kiosk struct{ base }

func NewKiosk(db *bun.DB) *Kiosk { return &Kiosk{base{db}} }

// AddHeartbeat appends a telemetry sample. Samples are kept raw; the ops
// dashboard buckets them per minute.
func (r *Kiosk) AddHeartbeat(ctx context.Context, hb *domain.KioskHeartbeat) error {
	_, err := r.conn(ctx).NewInsert().Model(hb).Exec(ctx)
	return err
}

type Dropoffs struct{ base }

func NewDropoffs(db *bun.DB) *Dropoffs { return &Dropoffs{base{db}} }

func (r *Dropoffs) WithTx(tx bun.IDB) *Dropoffs { return &Dropoffs{base{tx}} }

func (r *Dropoffs) Insert(ctx context.Context, d *domain.Dropoff, lines []*domain.DropoffLine) error {
	db := r.conn(ctx)
	if _, err := db.NewInsert().Model(d).Exec(ctx); err != nil {
		return err
	}
	if len(lines) == 0 {
		return nil
	}
	_, err := db.NewInsert().Model(&lines).Exec(ctx)
	return err
}

func (r *Dropoffs) Line(ctx context.Context, id string) (*domain.DropoffLine, error) {
	l := new(domain.DropoffLine)
	err := r.conn(ctx).NewSelect().Model(l).Where("id = ?", id).Scan(ctx)
	return l, mapErr(err)
}

// RecordGrade stores the grade for a line that has not been graded yet.
func (r *Dropoffs) RecordGrade(ctx context.Context, lineID, grade, staffID string, paidCents int64) error {
	err := expectOne(r.conn(ctx).NewUpdate().Model((*domain.DropoffLine)(nil)).
		Set("grade = ?", grade).
		Set("paid_cents = ?", paidCents).
		Set("graded_by = ?", staffID).
		Set("graded_at = now()").
		Where("id = ?", lineID).
		Where("graded_at IS NULL").
		Exec(ctx))
	if err == app.ErrStale {
		return app.Conflict("line already graded")
	}
	return err
}

func (r *Dropoffs) UngradedCount(ctx context.Context, dropoffID string) (int, error) {
	return r.conn(ctx).NewSelect().Model((*domain.DropoffLine)(nil)).
		Where("dropoff_id = ?", dropoffID).
		Where("graded_at IS NULL").
		Count(ctx)
}
