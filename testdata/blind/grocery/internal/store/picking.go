package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type PickingRepo struct{ db *bun.DB }

func NewPickingRepo(db *bun.DB) *PickingRepo { return &PickingRepo{db: db} }

func (r *PickingRepo) StartSession(ctx context.Context, s *domain.PickSession) error {
	_, err := idb(ctx, r.db).NewInsert().Model(s).Exec(ctx)
	return err
}

// RecordPicked stores the latest scanned quantity for a line. The picker's
// handset always sends the running total, so the newest value wins.
func (r *PickingRepo) RecordPicked(ctx context.Context, p *domain.PickedItem) error {
	p.UpdatedAt = time.Now().UTC()
	_, err := idb(ctx, r.db).NewInsert().Model(p).
		On("CONFLICT (order_id, line_id) DO UPDATE").
		Set("picked_qty = EXCLUDED.picked_qty").
		Set("scanned_at = EXCLUDED.scanned_at").
		Set("updated_at = EXCLUDED.updated_at").
		Where("pi.scanned_at <= EXCLUDED.scanned_at").
		Exec(ctx)
	return err
}

// AddSubstitution inserts s unless a substitution for the same picking
// event exists; on conflict it loads the stored row into s. It reports
// whether s was inserted.
func (r *PickingRepo) AddSubstitution(ctx context.Context, s *domain.Substitution) (bool, error) {
	res, err := idb(ctx, r.db).NewInsert().Model(s).
		On("CONFLICT (event_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	if err != nil {
		return false, err
	}
	if n == 1 {
		return true, nil
	}
	err = idb(ctx, r.db).NewSelect().Model(s).Where("sub.event_id = ?", s.EventID).Scan(ctx)
	return false, notFound(err)
}

func (r *PickingRepo) Substitution(ctx context.Context, orderID, id uuid.UUID) (*domain.Substitution, error) {
	s := new(domain.Substitution)
	err := idb(ctx, r.db).NewSelect().Model(s).
		Where("sub.id = ?", id).
		Where("sub.order_id = ?", orderID).
		Scan(ctx)
	return s, notFound(err)
}

func (r *PickingRepo) MarkAuthAdjusted(ctx context.Context, id uuid.UUID) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Substitution)(nil)).
		Set("auth_adjusted = true").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// Decide records the customer's decision on a substitution if none has
// been recorded yet, and reports whether this call recorded it.
func (r *PickingRepo) Decide(ctx context.Context, id uuid.UUID, decision string, at time.Time) (bool, error) {
	res, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Substitution)(nil)).
		Set("decision = ?", decision).
		Set("decided_at = ?", at).
		Where("id = ?", id).
		Where("decision IS NULL").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *PickingRepo) AddShortage(ctx context.Context, s *domain.Shortage) (bool, error) {
	res, err := idb(ctx, r.db).NewInsert().Model(s).
		On("CONFLICT (order_id, line_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *PickingRepo) Shortage(ctx context.Context, orderID, lineID uuid.UUID) (*domain.Shortage, error) {
	s := new(domain.Shortage)
	err := idb(ctx, r.db).NewSelect().Model(s).
		Where("sh.order_id = ?", orderID).
		Where("sh.line_id = ?", lineID).
		Scan(ctx)
	return s, notFound(err)
}
