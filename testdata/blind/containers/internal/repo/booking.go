package repo

import (
	"context"

	"gorm.io/gorm"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// Bookings stores inbound COPARN order lines.
type Bookings struct {
	*db.Repository[domain.BookingOrder]
}

func NewBookings(g *gorm.DB) *Bookings {
	return &Bookings{Repository: db.NewRepository[domain.BookingOrder](g)}
}

func (r *Bookings) InsertOrders(ctx context.Context, orders []domain.BookingOrder) error {
	if len(orders) == 0 {
		return nil
	}
	return r.DB(ctx).CreateInBatches(&orders, 200).Error
}
