package repository

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type QuoteRepository interface {
	WithTx(tx *gorm.DB) QuoteRepository
	Create(ctx context.Context, q *domain.Quote) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Quote, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Quote, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.QuoteStatus) error
	ListForCustomer(ctx context.Context, customerID uuid.UUID, p Page) (PageResult[domain.Quote], error)
}

type quoteRepo struct{ db *gorm.DB }

func NewQuoteRepository(db *gorm.DB) QuoteRepository { return &quoteRepo{db: db} }

func (r *quoteRepo) WithTx(tx *gorm.DB) QuoteRepository { return &quoteRepo{db: tx} }

func (r *quoteRepo) Create(ctx context.Context, q *domain.Quote) error {
	return r.db.WithContext(ctx).Create(q).Error
}

func (r *quoteRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Quote, error) {
	return first[domain.Quote](ctx, r.db, "id = ?", id)
}

func (r *quoteRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Quote, error) {
	return lockFirst[domain.Quote](ctx, r.db, "id = ?", id)
}

func (r *quoteRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.QuoteStatus) error {
	return r.db.WithContext(ctx).Model(&domain.Quote{}).Where("id = ?", id).Update("status", status).Error
}

func (r *quoteRepo) ListForCustomer(ctx context.Context, customerID uuid.UUID, p Page) (PageResult[domain.Quote], error) {
	return Paginate[domain.Quote](ctx, r.db.Where("customer_id = ?", customerID), p, "created_at DESC")
}
