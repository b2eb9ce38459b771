package consumers

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/events"
	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/providers/messaging"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

// GroupPackMailer emails the visit pack (risk assessment, map, workshop
// notes) to the group organiser once a booking is confirmed.
type GroupPackMailer struct {
	bookings *store.GroupBookingRepo
	slots    *store.SlotRepo
	notifier Notifier
	riskPDF  messaging.Attachment
}

func NewGroupPackMailer(bookings *store.GroupBookingRepo, slots *store.SlotRepo, n Notifier) *GroupPackMailer {
	return &GroupPackMailer{
		bookings: bookings, slots: slots, notifier: n,
		riskPDF: messaging.Attachment{Filename: "risk-assessment.pdf", ContentType: "application/pdf", ContentB64: riskAssessmentPDF},
	}
}

func (c *GroupPackMailer) Handle(ctx context.Context, evt events.GroupBookingConfirmed, _ Meta) error {
	id, err := uuid.Parse(evt.BookingID)
	if err != nil {
		return nil
	}
	b, err := c.bookings.Get(ctx, id)
	if err != nil {
		return err
	}
	slot, err := c.slots.Get(ctx, b.SlotID)
	if err != nil {
		return err
	}
	workshop := ""
	if b.Workshop != nil {
		workshop = *b.Workshop
	}
	_, err = c.notifier.Notify(ctx, notify.TemplateGroupVisitPack, b.ContactEmail, map[string]any{
		"contact_name": b.ContactName,
		"organisation": b.Organisation,
		"date":         slot.StartsAt.Format("Monday 2 January 2006"),
		"arrival":      slot.StartsAt.Add(-15 * time.Minute).Format("15:04"),
		"pupils":       b.Pupils,
		"adults":       b.Adults,
		"workshop":     workshop,
		"reference":    b.ID.String()[:8],
	}, notify.Attach(c.riskPDF), notify.Tag("groups"), notify.Meta("booking_id", b.ID.String()))
	return err
}

// riskAssessmentPDF is the current generic risk assessment, base64 encoded.
const riskAssessmentPDF = "JVBERi0xLjQKJcfsj6IKMSAwIG9iago8PC9UeXBlL0NhdGFsb2cvUGFnZXMgMiAwIFI+PgplbmRvYmoK"
