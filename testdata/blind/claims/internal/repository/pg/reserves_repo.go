package pg

import (
	"context"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/reserves"
	"github.com/harborline/claims/internal/store/dbgen"
)

// ReserveRepo implements reserves.Repository.
type ReserveRepo struct{ base }

// NewReserveRepo builds a ReserveRepo.
func NewReserveRepo(conn *txctx.Conn) *ReserveRepo { return &ReserveRepo{base{conn}} }

var _ reserves.Repository = (*ReserveRepo)(nil)

func (r *ReserveRepo) InsertChange(ctx context.Context, c reserves.Change) error {
	return r.q(ctx).InsertReserveChange(ctx, dbgen.InsertReserveChangeParams{
		ID: c.ID, ClaimID: c.ClaimID, Category: c.Category, DeltaCents: c.DeltaCents, Reason: c.Reason, ChangedBy: c.ChangedBy,
	})
}

func (r *ReserveRepo) InsertChangeIfAbsent(ctx context.Context, c reserves.Change) (bool, error) {
	n, err := r.q(ctx).InsertReserveChangeIfAbsent(ctx, dbgen.InsertReserveChangeIfAbsentParams{
		ID: c.ID, ClaimID: c.ClaimID, Category: c.Category, DeltaCents: c.DeltaCents, Reason: c.Reason, ChangedBy: c.ChangedBy,
	})
	return n == 1, err
}

func (r *ReserveRepo) AdjustClaimTotal(ctx context.Context, claimID uuid.UUID, delta int64) error {
	return r.q(ctx).AdjustReserveTotal(ctx, dbgen.AdjustReserveTotalParams{ID: claimID, ReserveTotalCents: delta})
}

func (r *ReserveRepo) SetClaimTotal(ctx context.Context, claimID uuid.UUID, total int64) error {
	return r.q(ctx).SetReserveTotal(ctx, dbgen.SetReserveTotalParams{ID: claimID, ReserveTotalCents: total})
}

func (r *ReserveRepo) SumChanges(ctx context.Context, claimID uuid.UUID) (int64, error) {
	return r.q(ctx).SumReserveChanges(ctx, claimID)
}

func (r *ReserveRepo) Claim(ctx context.Context, claimID uuid.UUID) (reserves.ClaimSnapshot, error) {
	c, err := r.q(ctx).GetClaim(ctx, claimID)
	if err != nil {
		return reserves.ClaimSnapshot{}, notFound(err, reserves.ErrClaimNotFound)
	}
	return reserves.ClaimSnapshot{ID: c.ID, Status: c.Status, ReserveTotalCents: c.ReserveTotalCents}, nil
}

func (r *ReserveRepo) LockClaim(ctx context.Context, claimID uuid.UUID) (reserves.ClaimSnapshot, error) {
	c, err := r.q(ctx).GetClaimForUpdate(ctx, claimID)
	if err != nil {
		return reserves.ClaimSnapshot{}, notFound(err, reserves.ErrClaimNotFound)
	}
	return reserves.ClaimSnapshot{ID: c.ID, Status: c.Status, ReserveTotalCents: c.ReserveTotalCents}, nil
}
