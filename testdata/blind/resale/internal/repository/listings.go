package repository

import (
	"context"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/store"
)

type ListingRepository interface {
	Create(ctx context.Context, l *domain.Listing) error
	Get(ctx context.Context, id string) (*domain.Listing, error)
	// Reserve moves an active listing to reserved. It reports false when
	// the listing was not active.
	Reserve(ctx context.Context, id string) (bool, error)
	// Release puts a reserved listing back on sale.
	Release(ctx context.Context, id string) (bool, error)
	MarkSold(ctx context.Context, id string) error
	Cancel(ctx context.Context, id, sellerID string) (bool, error)
}

type listingRepo struct {
	*store.Repository[domain.Listing]
}

func NewListingRepository(db *gorm.DB) ListingRepository {
	return &listingRepo{Repository: store.NewRepository[domain.Listing](db)}
}

func (r *listingRepo) Reserve(ctx context.Context, id string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE listings SET status = ?, updated_at = now() WHERE id = ? AND status = ?`,
		domain.ListingReserved, id, domain.ListingActive)
	return res.RowsAffected == 1, res.Error
}

func (r *listingRepo) Release(ctx context.Context, id string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE listings SET status = ?, updated_at = now() WHERE id = ? AND status = ?`,
		domain.ListingActive, id, domain.ListingReserved)
	return res.RowsAffected == 1, res.Error
}

func (r *listingRepo) MarkSold(ctx context.Context, id string) error {
	return r.DB(ctx).Exec(
		`UPDATE listings SET status = ?, updated_at = now() WHERE id = ? AND status IN ?`,
		domain.ListingSold, id, []domain.ListingStatus{domain.ListingReserved, domain.ListingSold}).Error
}

func (r *listingRepo) Cancel(ctx context.Context, id, sellerID string) (bool, error) {
	res := r.DB(ctx).Exec(
		`UPDATE listings SET status = ?, updated_at = now() WHERE id = ? AND seller_id = ? AND status = ?`,
		domain.ListingCancelled, id, sellerID, domain.ListingActive)
	return res.RowsAffected == 1, res.Error
}
