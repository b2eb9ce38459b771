package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/notify"
)

// ConfirmationSender sends the confirmation e-mail and text once an EMD has
// been issued.
type ConfirmationSender struct {
	deps Deps
}

func NewConfirmationSender(d Deps) *ConfirmationSender { return &ConfirmationSender{deps: d} }

// Send notifies the customer about evt.
func (s *ConfirmationSender) Send(ctx context.Context, evt domain.EMDIssuedEvent) error {
	order, err := s.deps.Store.Orders().Get(ctx, evt.OrderID)
	if err != nil {
		return err
	}
	item, err := s.deps.Store.Items().Get(ctx, evt.OrderItemID)
	if err != nil {
		return err
	}
	data := map[string]any{
		"PNR":         order.PNR,
		"Product":     item.Product,
		"Description": item.Description,
		"FlightID":    item.FlightID,
		"EMDNumber":   evt.EMDNumber,
		"Amount":      notify.FormatAmount(item.Amount, item.Currency),
	}
	var records []domain.Notification
	if order.ContactEmail != "" {
		subject, body, err := notify.Render(notify.TplEMDIssued, data)
		if err != nil {
			return err
		}
		msgID, err := s.deps.Email.SendEmail(ctx, notify.EmailMessage{
			To:       order.ContactEmail,
			Subject:  subject,
			TextBody: body,
			Tag:      notify.TplEMDIssued,
			Metadata: map[string]string{"order_id": order.ID, "emd": evt.EMDNumber},
		})
		if err != nil {
			return err
		}
		records = append(records, domain.Notification{
			ID: uuid.NewString(), OrderID: order.ID, Template: notify.TplEMDIssued + ":" + item.ID,
			Channel: "email", Recipient: order.ContactEmail, ProviderRef: msgID,
		})
	}
	if order.ContactPhone != "" {
		_, body, err := notify.Render(notify.TplResendReceipt, data)
		if err != nil {
			return err
		}
		msgID, err := s.deps.SMS.SendSMS(ctx, notify.SMSMessage{
			To:        order.ContactPhone,
			Body:      body,
			Reference: "emd-issued-" + evt.EMDNumber,
		})
		if err != nil {
			return err
		}
		records = append(records, domain.Notification{
			ID: uuid.NewString(), OrderID: order.ID, Template: notify.TplEMDIssued + ":" + item.ID,
			Channel: "sms", Recipient: order.ContactPhone, ProviderRef: msgID,
		})
	}
	return s.deps.Store.Within(ctx, func(ctx context.Context, tx domain.Tx) error {
		for _, n := range records {
			if err := tx.Notifications().Record(ctx, n); err != nil {
				return err
			}
		}
		return nil
	})
}

// LoungeReminders texts lounge pass holders the day before their visit.
type LoungeReminders struct {
	deps Deps
}

func NewLoungeReminders(d Deps) *LoungeReminders { return &LoungeReminders{deps: d} }

// Run sends reminders for passes valid tomorrow.
func (r *LoungeReminders) Run(ctx context.Context, batch int) (int, error) {
	tomorrow := dateOnly(r.deps.now().Add(24 * time.Hour))
	lounge := r.deps.Store.Lounge()
	passes, err := lounge.ListDueReminders(ctx, tomorrow, batch)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, p := range passes {
		claimed, err := lounge.ClaimReminder(ctx, p.ID)
		if err != nil {
			return sent, err
		}
		if !claimed {
			continue
		}
		_, body, err := notify.Render(notify.TplLoungeReminder, map[string]any{"Code": p.Code, "Lounge": p.LoungeCode})
		if err != nil {
			return sent, err
		}
		_, err = r.deps.SMS.SendSMS(ctx, notify.SMSMessage{
			To:        p.ContactPhone,
			Body:      body,
			Reference: "lounge-reminder-" + p.ID,
		})
		if err != nil {
			r.deps.log().WarnContext(ctx, "lounge reminder not sent", slog.String("pass_id", p.ID), slog.Any("err", err))
			continue
		}
		sent++
	}
	return sent, nil
}
