package flightfeed

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/flightevents"
	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/repository"
	"github.com/skyguard-travel/policyhub/internal/providers/smsgw"
)

const notificationFlightCancelled = "flight_cancelled"

// DisruptionNotifier tells travellers with an active policy on a cancelled
// flight how to claim for it.
type DisruptionNotifier interface {
	NotifyCancelled(ctx context.Context, ev flightevents.Event) error
}

type disruptionNotifier struct {
	policies      *repository.Repository[models.Policy]
	notifications *repository.Repository[models.TravellerNotification]
	sms           smsgw.Sender
	log           *slog.Logger
}

// NewDisruptionNotifier returns the cancellation notifier.
func NewDisruptionNotifier(db bun.IDB, sms smsgw.Sender, log *slog.Logger) DisruptionNotifier {
	return &disruptionNotifier{
		policies:      repository.New[models.Policy](db),
		notifications: repository.New[models.TravellerNotification](db),
		sms:           sms,
		log:           log,
	}
}

func (n *disruptionNotifier) NotifyCancelled(ctx context.Context, ev flightevents.Event) error {
	affected, err := n.policies.List(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("flight_id = ?", ev.FlightID).
			Where("status = ?", models.PolicyActive).
			Where("traveller_phone <> ''")
	})
	if err != nil {
		return err
	}

	for _, pol := range affected {
		already, err := n.notifications.Exists(ctx, func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("policy_id = ?", pol.ID).
				Where("kind = ?", notificationFlightCancelled).
				Where("reference = ?", ev.FlightID)
		})
		if err != nil {
			return err
		}
		if already {
			continue
		}

		msgID, err := n.sms.Send(ctx, smsgw.Message{
			To: pol.TravellerPhone,
			Body: fmt.Sprintf("SkyGuard: flight %s%s on %s has been cancelled. Your policy %s covers cancellation costs - claim at skyguard.example/claim.",
				ev.Carrier, ev.Number, ev.ScheduledDeparture.Format("2 Jan"), pol.PolicyNumber),
		})
		if err != nil {
			return fmt.Errorf("sms for %s: %w", pol.PolicyNumber, err)
		}
		if err := n.notifications.Insert(ctx, &models.TravellerNotification{
			ID:                uuid.New(),
			PolicyID:          pol.ID,
			Kind:              notificationFlightCancelled,
			Channel:           "sms",
			Reference:         ev.FlightID,
			ProviderMessageID: msgID,
			SentAt:            time.Now().UTC(),
		}); err != nil {
			return err
		}
	}
	n.log.InfoContext(ctx, "cancellation notices sent", "flight", ev.FlightID, "policies", len(affected))
	return nil
}
