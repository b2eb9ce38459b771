package pg

import (
	"context"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/store/dbgen"
	"github.com/harborline/claims/internal/subrogation"
)

// SubrogationRepo implements subrogation.Repository.
type SubrogationRepo struct{ base }

// NewSubrogationRepo builds a SubrogationRepo.
func NewSubrogationRepo(conn *txctx.Conn) *SubrogationRepo { return &SubrogationRepo{base{conn}} }

var _ subrogation.Repository = (*SubrogationRepo)(nil)

func (r *SubrogationRepo) InsertCase(ctx context.Context, c subrogation.Case) error {
	return r.q(ctx).InsertSubrogationCase(ctx, dbgen.InsertSubrogationCaseParams{
		ClaimID:      c.ClaimID,
		Counterparty: c.Counterparty,
		Status:       c.Status,
		DemandCents:  c.DemandCents,
	})
}

func (r *SubrogationRepo) SetPacket(ctx context.Context, claimID uuid.UUID, key string) error {
	return r.q(ctx).SetSubrogationPacket(ctx, dbgen.SetSubrogationPacketParams{ClaimID: claimID, PacketKey: &key})
}

func (r *SubrogationRepo) SetStatus(ctx context.Context, claimID uuid.UUID, status string) error {
	return r.q(ctx).SetSubrogationStatus(ctx, dbgen.SetSubrogationStatusParams{ClaimID: claimID, Status: status})
}

func (r *SubrogationRepo) InsertRecovery(ctx context.Context, rec subrogation.Recovery) error {
	return r.q(ctx).InsertRecovery(ctx, dbgen.InsertRecoveryParams{
		ID:          rec.ID,
		ClaimID:     rec.ClaimID,
		VendorRef:   rec.VendorRef,
		AmountCents: rec.AmountCents,
		ReceivedAt:  rec.ReceivedAt,
	})
}
