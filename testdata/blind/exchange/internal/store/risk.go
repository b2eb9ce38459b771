package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/halyard/funding/internal/platform/database"
)

// RiskHoldRepo persists risk engine holds.
type RiskHoldRepo interface {
	InsertIfAbsent(ctx context.Context, h *RiskHold) (bool, error)
	Get(ctx context.Context, id string) (*RiskHold, error)
	Release(ctx context.Context, id string) (*RiskHold, error)
}

type riskHoldRepo struct{ db bun.IDB }

func (r *riskHoldRepo) InsertIfAbsent(ctx context.Context, h *RiskHold) (bool, error) {
	res, err := r.db.NewInsert().Model(h).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}

func (r *riskHoldRepo) Get(ctx context.Context, id string) (*RiskHold, error) {
	h := new(RiskHold)
	if err := r.db.NewSelect().Model(h).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return h, nil
}

// Release marks the hold released and returns it, or ErrConflict when the
// hold was already released.
func (r *riskHoldRepo) Release(ctx context.Context, id string) (*RiskHold, error) {
	h := new(RiskHold)
	err := r.db.NewUpdate().Model(h).
		Set("released_at = ?", time.Now().UTC()).
		Where("id = ?", id).
		Where("released_at IS NULL").
		Returning("*").
		Scan(ctx)
	if database.IsNoRows(err) {
		return nil, ErrConflict
	}
	if err != nil {
		return nil, err
	}
	return h, nil
}

// CaseRepo persists manual review cases.
type CaseRepo interface {
	Insert(ctx context.Context, c *ReviewCase) error
	OpenForDeposit(ctx context.Context, depositID string) ([]ReviewCase, error)
}

type caseRepo struct{ db bun.IDB }

func (r *caseRepo) Insert(ctx context.Context, c *ReviewCase) error {
	_, err := r.db.NewInsert().Model(c).Exec(ctx)
	return err
}

func (r *caseRepo) OpenForDeposit(ctx context.Context, depositID string) ([]ReviewCase, error) {
	var out []ReviewCase
	err := r.db.NewSelect().Model(&out).Where("deposit_id = ?", depositID).Where("status = 'open'").Scan(ctx)
	return out, err
}

// LimitRepo persists per-user withdrawal limits.
type LimitRepo interface {
	Upsert(ctx context.Context, l *WithdrawalLimit) error
	Get(ctx context.Context, userID, asset string) (*WithdrawalLimit, error)
}

type limitRepo struct{ db bun.IDB }

func (r *limitRepo) Upsert(ctx context.Context, l *WithdrawalLimit) error {
	_, err := r.db.NewInsert().Model(l).
		On("CONFLICT (user_id, asset) DO UPDATE").
		Set("daily_limit = EXCLUDED.daily_limit").
		Set("updated_by = EXCLUDED.updated_by").
		Set("updated_at = now()").
		Exec(ctx)
	return err
}

func (r *limitRepo) Get(ctx context.Context, userID, asset string) (*WithdrawalLimit, error) {
	l := new(WithdrawalLimit)
	if err := r.db.NewSelect().Model(l).Where("user_id = ?", userID).Where("asset = ?", asset).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return l, nil
}

// EventRepo is the inbox of processed inbound events.
type EventRepo interface {
	Seen(ctx context.Context, source, eventID string) (bool, error)
	Record(ctx context.Context, source, eventID string) error
	Claim(ctx context.Context, source, eventID string) (bool, error)
}

type eventRepo struct{ db bun.IDB }

func (r *eventRepo) Seen(ctx context.Context, source, eventID string) (bool, error) {
	return r.db.NewSelect().Model((*ProcessedEvent)(nil)).
		Where("source = ?", source).
		Where("event_id = ?", eventID).
		Exists(ctx)
}

func (r *eventRepo) Record(ctx context.Context, source, eventID string) error {
	_, err := r.db.NewInsert().Model(&ProcessedEvent{Source: source, EventID: eventID}).
		On("CONFLICT (source, event_id) DO NOTHING").
		Exec(ctx)
	return err
}

// Claim inserts the marker and reports whether this caller inserted it.
func (r *eventRepo) Claim(ctx context.Context, source, eventID string) (bool, error) {
	res, err := r.db.NewInsert().Model(&ProcessedEvent{Source: source, EventID: eventID}).
		On("CONFLICT (source, event_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return database.RowsAffected(res) == 1, nil
}

// ContactRepo reads customer contact details.
type ContactRepo interface {
	Get(ctx context.Context, userID string) (*UserContact, error)
}

type contactRepo struct{ db bun.IDB }

func (r *contactRepo) Get(ctx context.Context, userID string) (*UserContact, error) {
	c := new(UserContact)
	if err := r.db.NewSelect().Model(c).Where("user_id = ?", userID).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return c, nil
}
