package partners

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/idgen"
	"github.com/stagepass/ticketing/internal/partnerapi"
)

// PartnerAPI is the slice of partnerapi.Client the service uses.
type PartnerAPI interface {
	CreateAllocation(ctx context.Context, partnerID string, r partnerapi.AllocationRequest) (partnerapi.Allocation, error)
	ReleaseAllocation(ctx context.Context, partnerID, allocationID, idemKey string) (partnerapi.Allocation, error)
}

// Service is consumed by the admin API.
type Service interface {
	Allocate(ctx context.Context, in AllocateInput) (AllocationView, error)
	Release(ctx context.Context, partnerID, allocationID string) (AllocationView, error)
}

type AllocateInput struct {
	PartnerID string
	EventID   string
	Section   string
	Seats     int
	Actor     string
}

type AllocationView struct {
	AllocationID string `json:"allocation_id"`
	PartnerID    string `json:"partner_id"`
	EventID      string `json:"event_id"`
	Section      string `json:"section"`
	Seats        int    `json:"seats"`
	Sold         int    `json:"sold"`
	Status       string `json:"status"`
}

func toView(a Allocation) AllocationView {
	return AllocationView{
		AllocationID: a.ID, PartnerID: a.PartnerID, EventID: a.EventID,
		Section: a.Section, Seats: a.Seats, Sold: a.Sold, Status: a.Status,
	}
}

type service struct {
	db     *bun.DB
	api    PartnerAPI
	ids    idgen.Generator
	policy func() backoff.BackOff
}

func NewService(db *bun.DB, api PartnerAPI, ids idgen.Generator) Service {
	return &service{
		db: db, api: api, ids: ids,
		policy: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.MaxElapsedTime = 30 * time.Second
			return b
		},
	}
}

// Allocate books a block of seats with a reseller and takes them out of our
// own inventory.
func (s *service) Allocate(ctx context.Context, in AllocateInput) (AllocationView, error) {
	if in.Seats <= 0 || in.Seats > 2000 {
		return AllocationView{}, apperr.Invalid("seats must be between 1 and 2000")
	}
	var price int64
	if err := s.db.NewRaw(
		`SELECT COALESCE(min(price_cents), 0) FROM event_seats WHERE event_id = ? AND section = ?`,
		in.EventID, in.Section,
	).Scan(ctx, &price); err != nil {
		return AllocationView{}, err
	}

	req := partnerapi.NewAllocationRequest(in.EventID, in.Section, in.Seats,
		partnerapi.WithPrice(price, "gbp"),
		partnerapi.WithIdempotencyKey(uuid.NewString()),
	)
	booked, err := s.api.CreateAllocation(ctx, in.PartnerID, req)
	if err != nil {
		return AllocationView{}, fmt.Errorf("partner booking: %w", err)
	}

	alloc := Allocation{
		ID:        booked.AllocationID,
		PartnerID: in.PartnerID,
		EventID:   in.EventID,
		Section:   in.Section,
		Seats:     in.Seats,
		Status:    "active",
	}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&alloc).Exec(ctx); err != nil {
			return err
		}
		res, err := tx.NewRaw(`
			UPDATE event_seats SET status = 'partner', hold_id = ?
			WHERE (event_id, seat_id) IN (
				SELECT event_id, seat_id FROM event_seats
				WHERE event_id = ? AND section = ? AND status = 'available'
				ORDER BY seat_id
				LIMIT ?
				FOR UPDATE SKIP LOCKED
			)`, alloc.ID, in.EventID, in.Section, in.Seats).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); int(n) != in.Seats {
			return apperr.Conflict("only %d seats available in %s", n, in.Section)
		}
		return nil
	})
	if err != nil {
		return AllocationView{}, err
	}
	return toView(alloc), nil
}

// Release hands unsold seats back. The operation row (and its op id, which
// is the partner Idempotency-Key) is created once per allocation and reused
// by every retry.
func (s *service) Release(ctx context.Context, partnerID, allocationID string) (AllocationView, error) {
	var alloc Allocation
	var op Operation
	var done bool
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		err := tx.NewSelect().Model(&alloc).Where("pa.id = ?", allocationID).For("UPDATE").Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && alloc.PartnerID != partnerID) {
			return apperr.NotFound("allocation %s not found", allocationID)
		}
		if err != nil {
			return err
		}
		if alloc.Status == "released" {
			done = true
			return nil
		}
		if _, err := tx.NewInsert().Model(&Operation{
			OpID:         "prel_" + s.ids.New(),
			AllocationID: alloc.ID,
			Kind:         "release",
		}).On("CONFLICT (allocation_id, kind) DO NOTHING").Exec(ctx); err != nil {
			return err
		}
		if err := tx.NewSelect().Model(&op).
			Where("po.allocation_id = ? AND po.kind = 'release'", alloc.ID).
			Scan(ctx); err != nil {
			return err
		}
		_, err = tx.NewUpdate().Model((*Allocation)(nil)).
			Set("status = 'releasing'").
			Where("id = ?", alloc.ID).
			Exec(ctx)
		return err
	})
	if err != nil {
		return AllocationView{}, err
	}
	if done {
		return toView(alloc), nil
	}

	call := func() error {
		_, err := s.api.ReleaseAllocation(ctx, alloc.PartnerID, alloc.ID, op.OpID)
		if errors.Is(err, partnerapi.ErrNotFound) {
			return backoff.Permanent(err)
		}
		return err
	}
	if err := backoff.Retry(call, backoff.WithContext(s.policy(), ctx)); err != nil {
		return AllocationView{}, fmt.Errorf("partner release: %w", err)
	}

	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := tx.NewSelect().Model(&alloc).Where("pa.id = ?", alloc.ID).For("UPDATE").Scan(ctx); err != nil {
			return err
		}
		if alloc.Status == "released" {
			return nil
		}
		if _, err := tx.NewRaw(`
			UPDATE event_seats SET status = 'available', hold_id = NULL
			WHERE hold_id = ? AND status = 'partner'`, alloc.ID).Exec(ctx); err != nil {
			return err
		}
		now := time.Now()
		alloc.Status, alloc.ReleasedAt = "released", &now
		if _, err := tx.NewUpdate().Model(&alloc).Column("status", "released_at").WherePK().Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model((*Operation)(nil)).
			Set("status = 'done'").Set("completed_at = ?", now).
			Where("op_id = ?", op.OpID).
			Exec(ctx)
		return err
	})
	if err != nil {
		return AllocationView{}, err
	}
	return toView(alloc), nil
}
