package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// TransferRepo stores hotel partner transfers.
type TransferRepo struct {
	db *gorm.DB
}

// NewTransferRepo returns a TransferRepo.
func NewTransferRepo(db *gorm.DB) *TransferRepo { return &TransferRepo{db: db} }

func toTransfer(m transferModel) domain.Transfer {
	return domain.Transfer{
		ID:              m.ID,
		MemberID:        m.MemberID,
		ClientKey:       m.ClientKey,
		PartnerCode:     m.PartnerCode,
		PartnerMemberID: m.PartnerMemberID,
		Miles:           m.Miles,
		PartnerPoints:   m.PartnerPoints,
		Status:          m.Status,
		PartnerTxnRef:   deref(m.PartnerTxnRef),
		ReversalRef:     deref(m.ReversalRef),
		CreatedAt:       m.CreatedAt,
	}
}

// Create stores a pending transfer. A repeated client key returns the stored
// transfer with created=false.
func (r *TransferRepo) Create(ctx context.Context, t domain.Transfer) (domain.Transfer, bool, error) {
	now := time.Now().UTC()
	row := transferModel{
		ID:              t.ID,
		MemberID:        t.MemberID,
		ClientKey:       t.ClientKey,
		PartnerCode:     t.PartnerCode,
		PartnerMemberID: t.PartnerMemberID,
		Miles:           t.Miles,
		PartnerPoints:   t.PartnerPoints,
		Status:          domain.TransferPending,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	res := conn(ctx, r.db).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "member_id"}, {Name: "client_key"}},
			DoNothing: true,
		}).Create(&row)
	if res.Error != nil {
		return domain.Transfer{}, false, res.Error
	}
	if res.RowsAffected == 1 {
		return toTransfer(row), true, nil
	}
	var existing transferModel
	if err := conn(ctx, r.db).Where("member_id = ? AND client_key = ?", t.MemberID, t.ClientKey).Take(&existing).Error; err != nil {
		return domain.Transfer{}, false, err
	}
	return toTransfer(existing), false, nil
}

// Get loads a transfer.
func (r *TransferRepo) Get(ctx context.Context, id string) (domain.Transfer, error) {
	var row transferModel
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return domain.Transfer{}, notFound(err)
	}
	return toTransfer(row), nil
}

// MarkSubmitted records the partner's transaction reference on a pending
// transfer.
func (r *TransferRepo) MarkSubmitted(ctx context.Context, id, partnerRef string) (bool, error) {
	res := conn(ctx, r.db).Model(&transferModel{}).
		Where("id = ? AND status = ?", id, domain.TransferPending).
		Updates(map[string]any{
			"status":          domain.TransferSubmitted,
			"partner_txn_ref": partnerRef,
			"updated_at":      time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}

// Transition moves a transfer to status to if it is currently in one of
// from.
func (r *TransferRepo) Transition(ctx context.Context, id string, from []string, to string) (bool, error) {
	res := conn(ctx, r.db).Model(&transferModel{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

// MarkReversed records a partner reversal.
func (r *TransferRepo) MarkReversed(ctx context.Context, id, reversalRef string) (bool, error) {
	res := conn(ctx, r.db).Model(&transferModel{}).
		Where("id = ? AND status IN ?", id, []string{domain.TransferSubmitted, domain.TransferPosted}).
		Updates(map[string]any{
			"status":       domain.TransferReversed,
			"reversal_ref": reversalRef,
			"updated_at":   time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}
