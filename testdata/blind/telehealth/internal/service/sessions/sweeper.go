package sessions

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/kafkax"
)

// Candidates lists appointments whose clinician never joined.
type Candidates interface {
	NoShowCandidates(ctx context.Context, now time.Time, grace time.Duration, limit int) ([]domain.Appointment, error)
}

// Publisher publishes to the session topic.
type Publisher interface {
	Publish(ctx context.Context, key string, env kafkax.Envelope) error
}

// Sweeper emits provider.no_show for appointments whose clinician did not
// join within the grace period. The consumer acts on the event.
type Sweeper struct {
	appts Candidates
	pub   Publisher
	grace time.Duration
	log   *slog.Logger
	now   func() time.Time
}

func NewSweeper(appts Candidates, pub Publisher, grace time.Duration, log *slog.Logger) *Sweeper {
	return &Sweeper{appts: appts, pub: pub, grace: grace, log: log, now: time.Now}
}

// Sweep publishes one event per candidate.
func (s *Sweeper) Sweep(ctx context.Context) (int, error) {
	now := s.now()
	appts, err := s.appts.NoShowCandidates(ctx, now, s.grace, 500)
	if err != nil {
		return 0, err
	}
	for _, a := range appts {
		data, err := json.Marshal(ProviderNoShow{AppointmentID: a.ID.String(), SlotStart: a.SlotStart, DetectedAt: now})
		if err != nil {
			return 0, err
		}
		env := kafkax.Envelope{
			ID:         ids.Derived(TypeProviderNoShow, a.ID.String()),
			Type:       TypeProviderNoShow,
			Source:     "noshow-sweeper",
			OccurredAt: now,
			Data:       data,
		}
		if err := s.pub.Publish(ctx, a.ID.String(), env); err != nil {
			return 0, err
		}
		s.log.Info("provider no-show detected", "appointment", a.ID, "slot", a.SlotStart)
	}
	return len(appts), nil
}
