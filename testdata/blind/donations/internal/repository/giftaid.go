package repository

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// GiftAidRepo persists declarations and claim batches.
type GiftAidRepo interface {
	WithTx(tx bun.IDB) GiftAidRepo
	InsertDeclaration(ctx context.Context, d *domain.GiftAidDeclaration) error
	ListDeclaredBetween(ctx context.Context, from, to time.Time) ([]ClaimableDeclaration, error)
	InsertBatch(ctx context.Context, b *domain.GiftAidBatch) error
	InsertLines(ctx context.Context, lines []domain.GiftAidClaimLine) error
	MarkBatched(ctx context.Context, ids []int64) error
}

// ClaimableDeclaration joins a declaration with its donation amount.
type ClaimableDeclaration struct {
	DeclarationID int64  `bun:"declaration_id"`
	DonationID    string `bun:"donation_id"`
	AmountPence   int64  `bun:"amount_pence"`
}

type giftAidRepo struct{ db bun.IDB }

// NewGiftAidRepo returns the bun implementation.
func NewGiftAidRepo(db *bun.DB) GiftAidRepo { return &giftAidRepo{db: db} }

func (r *giftAidRepo) WithTx(tx bun.IDB) GiftAidRepo { return &giftAidRepo{db: tx} }

func (r *giftAidRepo) InsertDeclaration(ctx context.Context, d *domain.GiftAidDeclaration) error {
	_, err := r.db.NewInsert().Model(d).Returning("id, declared_at").Exec(ctx)
	return err
}

// ListDeclaredBetween returns the declarations made in [from, to) whose
// donation has settled; a monthly claim covers exactly these.
func (r *giftAidRepo) ListDeclaredBetween(ctx context.Context, from, to time.Time) ([]ClaimableDeclaration, error) {
	var out []ClaimableDeclaration
	err := r.db.NewSelect().
		TableExpr("gift_aid_declarations AS gad").
		Join("JOIN donations AS d ON d.id = gad.donation_id").
		ColumnExpr("gad.id AS declaration_id").
		ColumnExpr("gad.donation_id").
		ColumnExpr("d.amount_pence").
		Where("gad.declared_at >= ? AND gad.declared_at < ?", from, to).
		Where("d.status = ?", domain.DonationSucceeded).
		Order("gad.id").
		Scan(ctx, &out)
	return out, err
}

func (r *giftAidRepo) InsertBatch(ctx context.Context, b *domain.GiftAidBatch) error {
	_, err := r.db.NewInsert().Model(b).Exec(ctx)
	return err
}

func (r *giftAidRepo) InsertLines(ctx context.Context, lines []domain.GiftAidClaimLine) error {
	if len(lines) == 0 {
		return nil
	}
	_, err := r.db.NewInsert().Model(&lines).Exec(ctx)
	return err
}

func (r *giftAidRepo) MarkBatched(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := r.db.NewUpdate().Model((*domain.GiftAidDeclaration)(nil)).
		Set("status = 'batched'").
		Where("id IN (?)", bun.In(ids)).
		Exec(ctx)
	return err
}
