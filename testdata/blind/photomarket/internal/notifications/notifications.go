// Package notifications sends transactional SMS and email to clients and
// photographers, and keeps a log of what was sent.
package notifications

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/ids"
	"github.com/lenslane/photomarket/internal/notify"
)

type smsSender interface {
	SendSMS(ctx context.Context, to, body string) (string, error)
}

type emailSender interface {
	SendEmail(ctx context.Context, e notify.Email) (string, error)
}

// Record is a row of the notifications log.
type Record struct {
	ID                string
	Recipient         string
	Channel           string
	Template          string
	SubjectRef        string
	ProviderMessageID sql.NullString
	CreatedAt         time.Time
}

func (Record) Table() string { return "notifications" }

func (Record) Columns() []string {
	return []string{"id", "recipient", "channel", "template", "subject_ref", "provider_message_id", "created_at"}
}

func (r *Record) Values() []any {
	return []any{r.ID, r.Recipient, r.Channel, r.Template, r.SubjectRef, r.ProviderMessageID, r.CreatedAt}
}

func (r *Record) ScanDest() []any {
	return []any{&r.ID, &r.Recipient, &r.Channel, &r.Template, &r.SubjectRef, &r.ProviderMessageID, &r.CreatedAt}
}

type recordLog interface {
	InsertIgnore(ctx context.Context, v *Record, conflictCols ...string) (bool, error)
}

// Templates.
const (
	tplPhotographerBooked = "photographer_booked"
	tplGalleryDelivered   = "gallery_delivered"
	tplShootReminder      = "shoot_reminder"
)

// Notifier sends notifications for domain events.
type Notifier struct {
	q      db.Querier
	sms    smsSender
	email  emailSender
	log    recordLog
	appURL string
	logger *slog.Logger
}

// New builds a Notifier.
func New(q db.Querier, sms smsSender, email emailSender, log recordLog, appURL string, logger *slog.Logger) *Notifier {
	return &Notifier{q: q, sms: sms, email: email, log: log, appURL: appURL, logger: logger}
}

// PhotographerBooked texts the photographer when a booking is confirmed.
func (n *Notifier) PhotographerBooked(msg *message.Message) error {
	ev, err := events.Decode[events.BookingConfirmed](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()
	p, err := n.q.GetPhotographer(ctx, ev.PhotographerID)
	if err != nil {
		return err
	}
	if !p.Phone.Valid {
		return nil
	}
	id := ids.New("ntf")
	claimed, err := n.q.ClaimNotification(ctx, db.ClaimNotificationParams{
		ID:         id,
		Recipient:  p.Phone.String,
		Channel:    "sms",
		Template:   tplPhotographerBooked,
		SubjectRef: ev.BookingID,
	})
	if err != nil {
		return err
	}
	if claimed == 0 {
		return nil
	}
	body := fmt.Sprintf("New booking confirmed for %s. Details: %s/bookings/%s", ev.EventDate, n.appURL, ev.BookingID)
	providerID, err := n.sms.SendSMS(ctx, p.Phone.String, body)
	if err != nil {
		if derr := n.q.DeleteNotification(context.WithoutCancel(ctx), id); derr != nil {
			n.logger.Error("release notification claim", "id", id, "err", derr)
		}
		return err
	}
	return n.q.SetNotificationProviderID(ctx, db.SetNotificationProviderIDParams{
		ID:                id,
		ProviderMessageID: sql.NullString{String: providerID, Valid: true},
	})
}

// GalleryDelivered emails the client a link to their gallery.
func (n *Notifier) GalleryDelivered(msg *message.Message) error {
	ev, err := events.Decode[events.GalleryDelivered](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()
	c, err := n.q.GetClient(ctx, ev.ClientID)
	if err != nil {
		return err
	}
	sent, err := n.q.NotificationSent(ctx, db.NotificationSentParams{
		Template:   tplGalleryDelivered,
		SubjectRef: ev.GalleryID,
		Channel:    "email",
	})
	if err != nil {
		return err
	}
	if sent {
		return nil
	}
	providerID, err := n.email.SendEmail(ctx, notify.Email{
		To:       c.Email,
		Template: tplGalleryDelivered,
		Data: map[string]string{
			"name":        c.FullName,
			"gallery_url": fmt.Sprintf("%s/galleries/%s", n.appURL, ev.GalleryID),
		},
	})
	if err != nil {
		return err
	}
	_, err = n.log.InsertIgnore(ctx, &Record{
		ID:                ids.New("ntf"),
		Recipient:         c.Email,
		Channel:           "email",
		Template:          tplGalleryDelivered,
		SubjectRef:        ev.GalleryID,
		ProviderMessageID: sql.NullString{String: providerID, Valid: true},
		CreatedAt:         time.Now().UTC(),
	}, "template", "subject_ref", "channel")
	return err
}

// SendShootReminders texts clients whose event is on day.
func (n *Notifier) SendShootReminders(ctx context.Context, day time.Time) (int, error) {
	bookings, err := n.q.ListBookingsOnDate(ctx, day)
	if err != nil {
		return 0, err
	}
	sent := 0
	err = forEach(ctx, bookings, func(ctx context.Context, b db.Booking) error {
		c, err := n.q.GetClient(ctx, b.ClientID)
		if err != nil {
			return err
		}
		if !c.Phone.Valid {
			return nil
		}
		p, err := n.q.GetPhotographer(ctx, b.PhotographerID)
		if err != nil {
			return err
		}
		body := fmt.Sprintf("Reminder: %s is photographing your %s tomorrow at %s.", p.DisplayName, b.EventType, b.Venue)
		providerID, err := n.sms.SendSMS(ctx, c.Phone.String, body)
		if err != nil {
			return err
		}
		id := ids.New("ntf")
		if _, err := n.q.ClaimNotification(ctx, db.ClaimNotificationParams{
			ID:         id,
			Recipient:  c.Phone.String,
			Channel:    "sms",
			Template:   tplShootReminder,
			SubjectRef: b.ID,
		}); err != nil {
			return err
		}
		sent++
		return n.q.SetNotificationProviderID(ctx, db.SetNotificationProviderIDParams{
			ID:                id,
			ProviderMessageID: sql.NullString{String: providerID, Valid: true},
		})
	})
	return sent, err
}

// forEach runs fn for every item and stops at the first error.
func forEach[T any](ctx context.Context, items []T, fn func(context.Context, T) error) error {
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(ctx, it); err != nil {
			return err
		}
	}
	return nil
}
