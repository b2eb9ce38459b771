package repository

import (
	"context"

	"gorm.io/gorm"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/store"
)

type UserRepository interface {
	Get(ctx context.Context, id string) (*domain.User, error)
}

type userRepo struct {
	*store.Repository[domain.User]
}

func NewUserRepository(db *gorm.DB) UserRepository {
	return &userRepo{Repository: store.NewRepository[domain.User](db)}
}
