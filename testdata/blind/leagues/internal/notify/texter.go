// Package notify renders and sends the short parent-facing texts that are
// not tied to a stored outbox row (roster announcements, ad-hoc notices).
package notify

import (
	"bytes"
	"context"
	"fmt"
	"text/template"

	"github.com/fieldday/leagues/internal/provider/sms"
)

// Sender is the subset of the SMS client the texter needs.
type Sender interface {
	Send(ctx context.Context, m sms.Message) (*sms.Sent, error)
}

// Texter renders a template and sends it.
type Texter struct {
	sender    Sender
	templates *template.Template
}

var builtin = map[string]string{
	"roster": "FieldDay: {{.ChildFirstName}} is on the {{.TeamName}} ({{.DivisionName}})! " +
		"Coach {{.CoachName}} will be in touch about the first practice.",
	"promoted": "FieldDay: good news - a spot opened in {{.DivisionName}} and {{.ChildFirstName}} has been moved " +
		"off the waitlist. Pay by {{.DueDate}} to hold the spot: {{.Link}}",
	"receipt":     "FieldDay: payment of {{.Amount}} received for {{.ChildFirstName}} ({{.SeasonName}}). Thanks!",
	"payment_due": "FieldDay: {{.Amount}} is due on {{.DueDate}} for {{.ChildFirstName}}'s {{.SeasonName}} registration. {{.Link}}",
}

// NewTexter parses the built-in templates.
func NewTexter(sender *sms.Client) *Texter {
	t := template.New("sms").Option("missingkey=error")
	for name, body := range builtin {
		template.Must(t.New(name).Parse(body))
	}
	return &Texter{sender: sender, templates: t}
}

// Render executes a named template.
func (t *Texter) Render(name string, data any) (string, error) {
	var buf bytes.Buffer
	if err := t.templates.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("notify: render %s: %w", name, err)
	}
	return buf.String(), nil
}

// Text renders the template and sends it to one number, returning the
// gateway's message ID.
func (t *Texter) Text(ctx context.Context, to, name string, data any) (string, error) {
	body, err := t.Render(name, data)
	if err != nil {
		return "", err
	}
	sent, err := t.sender.Send(ctx, sms.Message{To: to, Body: body})
	if err != nil {
		return "", err
	}
	return sent.ID, nil
}
