package guests

import (
	"context"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/amqpx"
)

// ProfileSync applies PMS guest updates.
type ProfileSync struct {
	store ProfileStore
}

// NewProfileSync returns the guest.profile.updated consumer.
func NewProfileSync(store ProfileStore) *ProfileSync { return &ProfileSync{store: store} }

// RegisterConsumers implements amqpx.Registrar.
func (s *ProfileSync) RegisterConsumers(r *amqpx.Router) {
	r.Handle(domain.EventGuestProfileUpdated, amqpx.JSON(s.onProfileUpdated))
}

func (s *ProfileSync) onProfileUpdated(ctx context.Context, evt domain.GuestProfileUpdated, _ amqpx.Delivery) error {
	if evt.ExternalID == "" {
		return amqpx.PermanentError{Err: domain.ErrInvalid}
	}
	srcTime, err := time.Parse(time.RFC3339, evt.UpdatedAt)
	if err != nil {
		return amqpx.PermanentError{Err: err}
	}
	return s.store.Upsert(ctx, Profile{
		ExternalID: evt.ExternalID,
		Name:       evt.Name,
		Email:      evt.Email,
		Phone:      evt.Phone,
		Language:   evt.Language,
		Prefs:      evt.Prefs,
		SourceTime: srcTime,
	})
}
