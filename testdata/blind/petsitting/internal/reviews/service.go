// Package reviews lets owners rate a sitter once a booking is complete.
package reviews

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/apperr"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type Repo interface {
	Insert(ctx context.Context, p store.InsertReviewParams) error
	Get(ctx context.Context, bookingID uuid.UUID) (store.Review, error)
	AddSitterRating(ctx context.Context, sitterID uuid.UUID, stars int16) error
}

type Bookings interface {
	Get(ctx context.Context, id uuid.UUID) (store.Booking, error)
}

type Transactor interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	repo     Repo
	bookings Bookings
	tx       Transactor
}

func NewService(repo Repo, bookings Bookings, tx Transactor) *Service {
	return &Service{repo: repo, bookings: bookings, tx: tx}
}

type Input struct {
	Stars int16  `json:"stars"`
	Body  string `json:"body"`
}

const maxBody = 2000

func (s *Service) Submit(ctx context.Context, ownerID, bookingID uuid.UUID, in Input) (store.Review, error) {
	if in.Stars < 1 || in.Stars > 5 {
		return store.Review{}, apperr.Invalid("stars must be between 1 and 5")
	}
	body := strings.TrimSpace(in.Body)
	if len(body) > maxBody {
		return store.Review{}, apperr.Invalid("review is too long")
	}
	b, err := s.bookings.Get(ctx, bookingID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Review{}, apperr.ErrNotFound
	}
	if err != nil {
		return store.Review{}, err
	}
	if b.OwnerID != ownerID {
		return store.Review{}, apperr.ErrForbidden
	}
	if b.Status != store.BookingCompleted {
		return store.Review{}, apperr.Conflict("only completed bookings can be reviewed")
	}

	err = s.tx.Do(ctx, func(ctx context.Context) error {
		if err := s.repo.Insert(ctx, store.InsertReviewParams{
			BookingID: b.ID,
			OwnerID:   ownerID,
			SitterID:  b.SitterID,
			Stars:     in.Stars,
			Body:      body,
		}); err != nil {
			return err
		}
		return s.repo.AddSitterRating(ctx, b.SitterID, in.Stars)
	})
	if err != nil {
		return store.Review{}, err
	}
	return s.repo.Get(ctx, b.ID)
}
