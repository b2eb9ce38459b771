// Package notify renders parent-facing texts and emails from templates and
// hands them to the SMS gateway or the email relay.
package notify

import (
	"bytes"
	"context"
	"fmt"
	"text/template"

	"github.com/rs/xid"

	"github.com/acornlane-childcare/nursery/internal/provider/email"
	"github.com/acornlane-childcare/nursery/internal/provider/sms"
)

// SMSSender is the part of the SMS gateway client we use.
type SMSSender interface {
	Send(ctx context.Context, m sms.Message) (sms.Receipt, error)
}

// EmailSender is the part of the email relay client we use.
type EmailSender interface {
	Send(ctx context.Context, e email.Email) (string, error)
}

var templates = template.Must(template.New("notify").Parse(`
{{define "collection_failed_sms"}}Hi {{.FamilyName}}, we couldn't collect £{{.Amount}} for your {{.Period}} nursery invoice ({{.Reason}}). We'll try again in a few days - reply HELP or call the office if anything has changed.{{end}}
{{define "welcome_subject"}}Welcome to {{.RoomName}}, {{.ChildName}}!{{end}}
{{define "welcome_body"}}Dear {{.FamilyName}},

{{.ChildName}}'s place in {{.RoomName}} is confirmed from {{.StartDate}}.
Your settling-in sessions and the parent app invite will follow shortly.

Acorn Lane Nurseries{{end}}
{{define "swap_confirmed_sms"}}Your session swap is confirmed: {{.ChildName}} is now booked for the {{.Session}} session on {{.Date}}.{{end}}
{{define "ratio_alert_subject"}}Ratio alert: {{.RoomName}}{{end}}
{{define "ratio_alert_body"}}{{.RoomName}} reported {{.Children}} children with {{.Staff}} staff at {{.At}}; {{.Required}} staff are required.{{end}}
{{define "ratio_alert_sms"}}RATIO: {{.RoomName}} has {{.Children}} children / {{.Staff}} staff, needs {{.Required}}. Please redeploy now.{{end}}
`))

// Render executes the named template with data.
func Render(name string, data any) (string, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("notify: render %s: %w", name, err)
	}
	return buf.String(), nil
}

// Texter sends parent texts.
type Texter struct {
	sms SMSSender
}

func NewTexter(s SMSSender) *Texter { return &Texter{sms: s} }

// Text sends body to the number. ref is the gateway's client reference; when
// the caller has none a reference is generated, since the gateway refuses
// messages without one.
func (t *Texter) Text(ctx context.Context, to, body, ref string) (sms.Receipt, error) {
	if ref == "" {
		ref = "txt_" + xid.New().String()
	}
	return t.sms.Send(ctx, sms.Message{To: to, Body: body, ClientReference: ref})
}

// Mailer sends parent and staff emails.
type Mailer struct {
	email EmailSender
}

func NewMailer(e EmailSender) *Mailer { return &Mailer{email: e} }

// Mail renders the subject and body templates and sends the email.
func (m *Mailer) Mail(ctx context.Context, to, subjectTmpl, bodyTmpl string, data any, tags ...string) (string, error) {
	subject, err := Render(subjectTmpl, data)
	if err != nil {
		return "", err
	}
	body, err := Render(bodyTmpl, data)
	if err != nil {
		return "", err
	}
	return m.email.Send(ctx, email.Email{To: to, Subject: subject, Text: body, Tags: tags})
}
