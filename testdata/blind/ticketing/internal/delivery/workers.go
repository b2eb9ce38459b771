// Package delivery contains the river workers that send tickets to fans.
package delivery

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/notify"
	"github.com/stagepass/ticketing/internal/store"
)

// Links builds fan-facing URLs.
type Links interface {
	Wallet(ticketID string) string
	Ticket(ticketID string) string
}

// StaticLinks builds links from a base URL.
type StaticLinks struct{ Base string }

func (l StaticLinks) Wallet(id string) string { return l.Base + "/wallet/" + id }
func (l StaticLinks) Ticket(id string) string { return l.Base + "/t/" + id }

// ticketContext loads what a delivery template needs.
type ticketContext struct {
	ticket db.Ticket
	fan    db.Fan
	event  db.Event
}

func loadTicketContext(ctx context.Context, q db.Querier, ticketID string) (ticketContext, error) {
	t, err := q.GetTicket(ctx, ticketID)
	if err != nil {
		return ticketContext{}, err
	}
	fan, err := q.GetFan(ctx, t.OwnerFanID)
	if err != nil {
		return ticketContext{}, err
	}
	ev, err := q.GetEvent(ctx, t.EventID)
	if err != nil {
		return ticketContext{}, err
	}
	return ticketContext{ticket: t, fan: fan, event: ev}, nil
}

// EmailWorker e-mails a ticket to its current owner.
type EmailWorker struct {
	river.WorkerDefaults[jobs.DeliverTicketEmailArgs]

	Q      db.Querier
	Mailer notify.Mailer
	Links  Links
}

func (w *EmailWorker) Work(ctx context.Context, job *river.Job[jobs.DeliverTicketEmailArgs]) error {
	tc, err := loadTicketContext(ctx, w.Q, job.Args.TicketID)
	if store.IsNotFound(err) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if tc.ticket.Status != "valid" {
		return river.JobCancel(fmt.Errorf("ticket %s is %s", tc.ticket.ID, tc.ticket.Status))
	}

	if err := w.Q.InsertDelivery(ctx, db.InsertDeliveryParams{
		TicketID:    tc.ticket.ID,
		Channel:     "email",
		RequestRef:  job.Args.RequestRef,
		Destination: tc.fan.Email,
	}); err != nil {
		return fmt.Errorf("record delivery: %w", err)
	}

	msg := notify.TicketEmail(tc.fan.Email, tc.fan.FullName, tc.event.Name, tc.event.Venue,
		tc.event.StartsAt, tc.ticket.SeatID, tc.ticket.Barcode, w.Links.Wallet(tc.ticket.ID))
	msgID, err := w.Mailer.Send(ctx, msg)
	if err != nil {
		return fmt.Errorf("send ticket email: %w", err)
	}
	return w.Q.MarkDeliverySent(ctx, db.MarkDeliverySentParams{
		TicketID:          tc.ticket.ID,
		Channel:           "email",
		RequestRef:        job.Args.RequestRef,
		ProviderMessageID: msgID,
	})
}

// SMSWorker texts a ticket link. The job's DeliveryRef was fixed when the job
// was queued and doubles as the gateway's client_reference, so a re-run is
// collapsed by the gateway into the original message.
type SMSWorker struct {
	river.WorkerDefaults[jobs.DeliverTicketSMSArgs]

	Q     db.Querier
	SMS   notify.SMSSender
	Links Links
}

func (w *SMSWorker) Work(ctx context.Context, job *river.Job[jobs.DeliverTicketSMSArgs]) error {
	tc, err := loadTicketContext(ctx, w.Q, job.Args.TicketID)
	if store.IsNotFound(err) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if tc.fan.Phone == nil || *tc.fan.Phone == "" {
		return nil
	}
	if tc.ticket.Status != "valid" {
		return river.JobCancel(fmt.Errorf("ticket %s is %s", tc.ticket.ID, tc.ticket.Status))
	}
	msgID, err := w.SMS.SendSMS(ctx, notify.SMS{
		To:              *tc.fan.Phone,
		Body:            notify.TicketSMS(tc.event.Name, tc.ticket.SeatID, w.Links.Ticket(tc.ticket.ID)),
		ClientReference: job.Args.DeliveryRef,
	})
	if err != nil {
		return fmt.Errorf("send ticket sms: %w", err)
	}
	return w.Q.UpsertDeliverySent(ctx, db.UpsertDeliverySentParams{
		TicketID:          tc.ticket.ID,
		Channel:           "sms",
		RequestRef:        job.Args.DeliveryRef,
		Destination:       *tc.fan.Phone,
		ProviderMessageID: msgID,
	})
}
