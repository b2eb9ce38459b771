// Package notify renders the shelter's transactional e-mails and hands them
// to a Sender.
package notify

import (
	"bytes"
	"context"
	"fmt"
	"text/template"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/providers/mailer"
)

// Sender delivers one e-mail and returns the provider's message ID.
type Sender interface {
	Send(ctx context.Context, e mailer.Email) (string, error)
}

// Notifier knows what each e-mail says.
type Notifier struct {
	send    Sender
	replyTo string
}

func New(send Sender, cfg config.Config) *Notifier {
	return &Notifier{send: send, replyTo: cfg.ReceiptsReplyTo}
}

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"money": func(cents int64, currency string) string {
		return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, currency)
	},
	"date": func(t time.Time) string { return t.Format("2 January 2006") },
}).Parse(`
{{define "thanks"}}Dear {{.DonorName}},

Thank you for your gift of {{money .AmountCents .Currency}}{{if .Campaign}} to {{.Campaign}}{{end}}.
Every dollar goes to food, vet care and a warm bed for an animal waiting for a home.

Your official receipt will follow in a separate e-mail.

— The Brindlewood Shelters team
{{end}}
{{define "receipt"}}Donation receipt {{.ID}}

Received from: {{.DonorName}} <{{.DonorEmail}}>
Amount:        {{money .AmountCents .Currency}}
Date:          {{date .ReceivedAt}}
Reference:     {{.Platform}}/{{.ExternalID}}

No goods or services were provided in exchange for this contribution.
Brindlewood Shelters is a registered 501(c)(3) charity.
{{end}}
`))

func render(name string, data any) (string, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("render %s: %w", name, err)
	}
	return buf.String(), nil
}

// DonationThanks sends the short thank-you note.
func (n *Notifier) DonationThanks(ctx context.Context, d domain.Donation) error {
	body, err := render("thanks", d)
	if err != nil {
		return err
	}
	_, err = n.send.Send(ctx, mailer.Email{
		To: d.DonorEmail, ReplyTo: n.replyTo, Subject: "Thank you for your gift", Text: body, Category: "donation-thanks",
	})
	return err
}

// DonationReceipt sends the formal tax receipt and returns the SES message ID.
func (n *Notifier) DonationReceipt(ctx context.Context, d domain.Donation) (string, error) {
	body, err := render("receipt", d)
	if err != nil {
		return "", err
	}
	return n.send.Send(ctx, mailer.Email{
		To: d.DonorEmail, ReplyTo: n.replyTo, Subject: "Your donation receipt " + d.ID, Text: body, Category: "donation-receipt",
	})
}
