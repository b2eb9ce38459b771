// Package reservations owns the reservations ledger.
package reservations

import (
	"context"
	"time"

	"github.com/harbourline/hotels/internal/domain"
)

// Repository reads and writes reservation rows. Every method runs on the
// transaction carried by ctx when there is one.
type Repository interface {
	Insert(ctx context.Context, r *domain.Reservation) error
	InsertIfAbsent(ctx context.Context, r *domain.Reservation) (created bool, err error)
	Get(ctx context.Context, id string) (*domain.Reservation, error)
	GetByChannelRef(ctx context.Context, channel, ref string) (*domain.Reservation, error)
	UpdateStay(ctx context.Context, id string, stay domain.Stay, total domain.Money) (version int, err error)
	TransitionStatus(ctx context.Context, id string, to domain.Status, from ...domain.Status) (bool, error)
	ListNoShowCandidates(ctx context.Context, checkInBefore time.Time, limit int) ([]domain.Reservation, error)
	AppendHistory(ctx context.Context, id, change string, detail any) error
}

// Reader is the read side other packages depend on.
type Reader interface {
	Get(ctx context.Context, id string) (*domain.Reservation, error)
}
