package notify

import (
	"context"
	"fmt"

	"github.com/rs/xid"

	"github.com/meridianrail/bookings/internal/domain"
)

const disruptionConsumer = "notify.disruptions"

// DisruptionNotices remembers which bookings were told about a disruption.
type DisruptionNotices interface {
	InsertIfAbsent(ctx context.Context, disruptionID, bookingID, notificationID string) (bool, error)
	NotificationIDs(ctx context.Context, disruptionID string) ([]string, error)
}

// InboxClaimer records a message id inside the current transaction.
type InboxClaimer interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// DisruptionHandler fans a trip disruption out to affected passengers.
type DisruptionHandler struct {
	*Service
	Notices DisruptionNotices
	Inbox   InboxClaimer
}

// Handle creates one SMS notification per affected booking and schedules
// them. The inbox claim, the notice rows and the notification rows commit
// together; scheduling happens afterwards with task ids derived from the
// notification ids, and is repeated on redelivery.
func (h *DisruptionHandler) Handle(ctx context.Context, messageID string, evt domain.TripDisrupted) error {
	traceID := xid.New().String()
	log := h.Log.With("trace_id", traceID, "disruption_id", evt.DisruptionID, "trip_id", evt.TripID)

	err := h.Tx.InTx(ctx, func(ctx context.Context) error {
		first, err := h.Inbox.Claim(ctx, disruptionConsumer, messageID)
		if err != nil {
			return err
		}
		if !first {
			log.InfoContext(ctx, "disruption message already recorded")
			return nil
		}
		affected, err := h.Bookings.FindWhere(ctx, "trip_id = ? AND status IN ?", evt.TripID,
			[]string{domain.StatusConfirmed, domain.StatusTicketed})
		if err != nil {
			return err
		}
		for _, b := range affected {
			if b.ContactPhone == "" {
				continue
			}
			nid := fmt.Sprintf("disruption:%s:%s", evt.DisruptionID, b.ID)
			created, err := h.Notices.InsertIfAbsent(ctx, evt.DisruptionID, b.ID, nid)
			if err != nil {
				return err
			}
			if !created {
				continue
			}
			if err := h.Notifications.Create(ctx, &domain.Notification{
				ID:        nid,
				BookingID: b.ID,
				Channel:   domain.ChannelSMS,
				Template:  TplDisruption,
				Recipient: b.ContactPhone,
				Status:    domain.NotificationPending,
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}

	ids, err := h.Notices.NotificationIDs(ctx, evt.DisruptionID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := h.enqueueSMS(ctx, id); err != nil {
			return err
		}
	}
	log.InfoContext(ctx, "disruption notifications scheduled", "count", len(ids))
	return nil
}
