// Package notify renders patient e-mails and hands them to the mailer.
package notify

import (
	"bytes"
	"context"
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"

	"github.com/scriptline/refills/internal/mailer"
)

// Sender is satisfied by *mailer.Client.
type Sender interface {
	Send(ctx context.Context, m mailer.Message) (string, error)
}

const (
	TmplRefillReminder  = "refill_reminder"
	TmplShipped         = "shipped"
	TmplPaymentDeclined = "payment_declined"
)

type template struct {
	subject string
	html    *htmltemplate.Template
	text    *texttemplate.Template
}

var templates = map[string]template{
	TmplRefillReminder: {
		subject: "Time to refill {{.DrugName}}",
		html: htmltemplate.Must(htmltemplate.New("h").Parse(
			`<p>Hi {{.FirstName}},</p><p>Your supply of <b>{{.DrugName}}</b> runs out around {{.DueOn}}. ` +
				`<a href="{{.RefillURL}}">Request your refill</a> now so it arrives in time.</p>`)),
		text: texttemplate.Must(texttemplate.New("t").Parse(
			"Hi {{.FirstName}},\n\nYour supply of {{.DrugName}} runs out around {{.DueOn}}.\n" +
				"Request your refill: {{.RefillURL}}\n")),
	},
	TmplShipped: {
		subject: "Your order has shipped",
		html: htmltemplate.Must(htmltemplate.New("h").Parse(
			`<p>Hi {{.FirstName}},</p><p>Your {{.DrugName}} is on its way. ` +
				`Tracking number: <a href="{{.TrackingURL}}">{{.TrackingNumber}}</a>.</p>`)),
		text: texttemplate.Must(texttemplate.New("t").Parse(
			"Hi {{.FirstName}},\n\nYour {{.DrugName}} is on its way.\nTracking: {{.TrackingNumber}}\n")),
	},
	TmplPaymentDeclined: {
		subject: "We couldn't process your copay",
		html: htmltemplate.Must(htmltemplate.New("h").Parse(
			`<p>Hi {{.FirstName}},</p><p>Your card was declined for the {{.Amount}} copay on your refill. ` +
				`<a href="{{.PaymentURL}}">Update your payment method</a> and we'll ship right away.</p>`)),
		text: texttemplate.Must(texttemplate.New("t").Parse(
			"Hi {{.FirstName}},\n\nYour card was declined for the {{.Amount}} copay on your refill.\n" +
				"Update your payment method: {{.PaymentURL}}\n")),
	},
}

// Email is one templated message. Key, when set, is passed to the provider
// so a resend of the same message is suppressed.
type Email struct {
	Template string
	To       string
	Data     any
	Tags     map[string]string
	Key      string
}

// Deliver renders e and sends it, returning the provider message id.
func Deliver(ctx context.Context, s Sender, e Email) (string, error) {
	t, ok := templates[e.Template]
	if !ok {
		return "", fmt.Errorf("notify: unknown template %q", e.Template)
	}
	var subj, html, text bytes.Buffer
	if err := texttemplate.Must(texttemplate.New("s").Parse(t.subject)).Execute(&subj, e.Data); err != nil {
		return "", fmt.Errorf("notify: subject: %w", err)
	}
	if err := t.html.Execute(&html, e.Data); err != nil {
		return "", fmt.Errorf("notify: html: %w", err)
	}
	if err := t.text.Execute(&text, e.Data); err != nil {
		return "", fmt.Errorf("notify: text: %w", err)
	}
	tags := map[string]string{"template": e.Template}
	for k, v := range e.Tags {
		tags[k] = v
	}
	return s.Send(ctx, mailer.Message{
		To:             e.To,
		Subject:        subj.String(),
		HTML:           html.String(),
		Text:           text.String(),
		Tags:           tags,
		IdempotencyKey: e.Key,
	})
}

// Cents formats an amount for e-mail copy.
func Cents(c int64) string { return fmt.Sprintf("$%d.%02d", c/100, c%100) }
