// Package notify renders and sends customer-facing email.
package notify

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"log/slog"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/provider/email"
)

type Service struct {
	sender email.Sender
	from   string
	log    *slog.Logger
	tpl    *template.Template
}

func New(sender email.Sender, from string, log *slog.Logger) *Service {
	return &Service{
		sender: sender,
		from:   from,
		log:    log,
		tpl:    template.Must(template.New("mail").Parse(templates)),
	}
}

const templates = `
{{define "approved"}}<p>Good news: your return for order {{.OrderID}} was approved.</p>
<p>We are preparing a prepaid label and will email it shortly.</p>{{end}}
{{define "rejected"}}<p>We inspected the items from order {{.OrderID}} and could not accept the return.</p>
<p>Reason: {{.Reason}}</p>{{end}}
{{define "reminder"}}<p>Your prepaid return label for order {{.OrderID}} is waiting.</p>
<p><a href="{{.LabelURL}}">Print your label</a> and drop the parcel off before {{.Deadline}}.</p>{{end}}
{{define "label"}}<p>Your return label for order {{.OrderID}} is ready: <a href="{{.LabelURL}}">download</a>.</p>{{end}}
`

type view struct {
	OrderID  string
	Reason   string
	LabelURL string
	Deadline string
}

func (s *Service) send(ctx context.Context, r domain.Return, tmpl, subject string, v view, tags ...string) error {
	var buf bytes.Buffer
	if err := s.tpl.ExecuteTemplate(&buf, tmpl, v); err != nil {
		return fmt.Errorf("render %s: %w", tmpl, err)
	}
	id, err := s.sender.Send(ctx, email.Message{
		To:       r.CustomerEmail,
		From:     s.from,
		Subject:  subject,
		HTML:     buf.String(),
		Tags:     append([]string{"rma", tmpl}, tags...),
		Metadata: map[string]string{"return_id": r.ID, "merchant_id": r.MerchantID},
	})
	if err != nil {
		return fmt.Errorf("send %s email for %s: %w", tmpl, r.ID, err)
	}
	s.log.InfoContext(ctx, "email sent", "template", tmpl, "return_id", r.ID, "message_id", id)
	return nil
}

func (s *Service) ReturnApproved(ctx context.Context, r domain.Return) error {
	return s.send(ctx, r, "approved", "Your return was approved", view{OrderID: r.OrderID})
}

func (s *Service) ReturnRejected(ctx context.Context, r domain.Return, reason string) error {
	return s.send(ctx, r, "rejected", "Update on your return", view{OrderID: r.OrderID, Reason: reason})
}

func (s *Service) LabelReady(ctx context.Context, r domain.Return, labelURL string) error {
	return s.send(ctx, r, "label", "Your return label", view{OrderID: r.OrderID, LabelURL: labelURL})
}

func (s *Service) LabelReminder(ctx context.Context, r domain.Return, labelURL string) error {
	return s.send(ctx, r, "reminder", "Reminder: ship your return", view{
		OrderID:  r.OrderID,
		LabelURL: labelURL,
		Deadline: r.ExpiresAt.Format("January 2"),
	})
}
