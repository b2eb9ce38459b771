package service

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"text/template"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/rs/xid"

	"github.com/civicworks/permits/internal/clients/messaging"
	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
	"github.com/civicworks/permits/internal/store"
)

// Notifier sends applicant notifications.
type Notifier interface {
	SendDecision(ctx context.Context, applicationID, decision string, notificationID uuid.UUID) error
	SendInspectionReminder(ctx context.Context, inspectionID uuid.UUID) error
	EmailApplicant(ctx context.Context, applicationID, templateName string, data map[string]string) error
	RecordDelivery(ctx context.Context, providerMessageID, status string) error
}

var templates = template.Must(template.New("root").Parse(`
{{define "decision_approved"}}Good news: your permit application "{{.Title}}" was approved. Your permit will be issued shortly.{{end}}
{{define "decision_rejected"}}Your permit application "{{.Title}}" was not approved. Reason: {{.Reason}}{{end}}
{{define "decision_needs_changes"}}Your permit application "{{.Title}}" needs changes: {{.Reason}}{{end}}
{{define "inspection_reminder"}}Reminder: {{.Kind}} inspection for "{{.Title}}" on {{.When}}. Reply STOP to opt out.{{end}}
{{define "permit_issued_subject"}}Permit {{.permit_number}} issued{{end}}
{{define "permit_issued"}}Your permit {{.permit_number}} is valid from {{.valid_from}} to {{.valid_until}}.{{end}}
{{define "registry_rejected_subject"}}Action needed on permit {{.permit_number}}{{end}}
{{define "registry_rejected"}}The state registry did not accept permit {{.permit_number}}: {{.reason}}. Our staff will contact you.{{end}}
`))

func render(name string, data any) (string, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("render %s: %w", name, err)
	}
	return buf.String(), nil
}

// newMessageRef builds a client reference for an outbound SMS.
func newMessageRef(prefix string) string {
	return prefix + "-" + xid.New().String()
}

type notifier struct {
	pool          *pgxpool.Pool
	apps          store.ApplicationRepo
	residents     store.ResidentRepo
	inspections   store.InspectionRepo
	notifications store.NotificationRepo
	sender        messaging.Sender
	log           *slog.Logger
}

// NewNotifier builds the Notifier.
func NewNotifier(
	pool *pgxpool.Pool,
	apps store.ApplicationRepo,
	residents store.ResidentRepo,
	inspections store.InspectionRepo,
	notifications store.NotificationRepo,
	sender messaging.Sender,
	log *slog.Logger,
) Notifier {
	return &notifier{pool: pool, apps: apps, residents: residents, inspections: inspections,
		notifications: notifications, sender: sender, log: log.With("service", "notifier")}
}

func (n *notifier) applicant(ctx context.Context, applicationID string) (*permits.Application, *permits.Resident, error) {
	app, err := n.apps.Get(ctx, n.pool, applicationID)
	if err != nil {
		return nil, nil, notFound("application", err)
	}
	resident, err := n.residents.Get(ctx, n.pool, app.ResidentID)
	if err != nil {
		return nil, nil, notFound("resident", err)
	}
	return app, resident, nil
}

func (n *notifier) SendDecision(ctx context.Context, applicationID, decision string, notificationID uuid.UUID) error {
	app, resident, err := n.applicant(ctx, applicationID)
	if err != nil {
		return err
	}
	if !resident.SMSOptIn || resident.PhoneE164 == "" {
		n.log.InfoContext(ctx, "applicant has no sms channel", "application_id", applicationID)
		return nil
	}
	note, err := n.notifications.Ensure(ctx, n.pool, &permits.Notification{
		ID:            notificationID,
		Ref:           "decision:" + notificationID.String(),
		ResidentID:    resident.ID,
		ApplicationID: app.ID,
		Channel:       "sms",
		Template:      "decision_" + decision,
	})
	if err != nil {
		return err
	}
	if note.Status == "sent" {
		return nil
	}
	var reason string
	if d, err := n.latestReason(ctx, app.ID); err == nil {
		reason = d
	}
	body, err := render(note.Template, map[string]string{"Title": app.Title, "Reason": reason})
	if err != nil {
		return err
	}
	if err := n.notifications.RecordAttempt(ctx, n.pool, note.ID); err != nil {
		return err
	}
	receipt, err := n.sender.SendSMS(ctx, messaging.SMS{To: resident.PhoneE164, Body: body},
		messaging.WithReference(newMessageRef("decision")),
		messaging.WithTags("decision", decision))
	if err != nil {
		return err
	}
	return n.notifications.MarkSent(ctx, n.pool, note.ID, receipt.MessageID)
}

func (n *notifier) latestReason(ctx context.Context, applicationID string) (string, error) {
	var reason string
	err := n.pool.QueryRow(ctx, `SELECT reason FROM decisions WHERE application_id = $1`, applicationID).Scan(&reason)
	return reason, dbx.NotFound(err)
}

func (n *notifier) SendInspectionReminder(ctx context.Context, inspectionID uuid.UUID) error {
	insp, err := n.inspections.Get(ctx, n.pool, inspectionID)
	if err != nil {
		return notFound("inspection", err)
	}
	if insp.Status != "booked" {
		return nil
	}
	app, resident, err := n.applicant(ctx, insp.ApplicationID)
	if err != nil {
		return err
	}
	if !resident.SMSOptIn || resident.PhoneE164 == "" {
		return nil
	}
	note, err := n.notifications.Ensure(ctx, n.pool, &permits.Notification{
		Ref:           "inspection-reminder:" + insp.ID.String(),
		ResidentID:    resident.ID,
		ApplicationID: app.ID,
		Channel:       "sms",
		Template:      "inspection_reminder",
	})
	if err != nil {
		return err
	}
	if note.Status == "sent" {
		return nil
	}
	body, err := render("inspection_reminder", map[string]string{
		"Kind":  insp.Kind,
		"Title": app.Title,
		"When":  insp.SlotStart.Format("Mon Jan 2 at 3:04 PM"),
	})
	if err != nil {
		return err
	}
	if err := n.notifications.RecordAttempt(ctx, n.pool, note.ID); err != nil {
		return err
	}
	receipt, err := n.sender.SendSMS(ctx, messaging.SMS{To: resident.PhoneE164, Body: body},
		messaging.WithTags("inspection", "reminder"))
	if err != nil {
		return err
	}
	return n.notifications.MarkSent(ctx, n.pool, note.ID, receipt.MessageID)
}

func (n *notifier) EmailApplicant(ctx context.Context, applicationID, templateName string, data map[string]string) error {
	_, resident, err := n.applicant(ctx, applicationID)
	if err != nil {
		return err
	}
	if !resident.EmailOptIn {
		return nil
	}
	subject, err := render(templateName+"_subject", data)
	if err != nil {
		return err
	}
	text, err := render(templateName, data)
	if err != nil {
		return err
	}
	_, err = n.sender.SendEmail(ctx, messaging.Email{To: resident.Email, Subject: subject, Text: text},
		messaging.WithTags(templateName))
	return err
}

func (n *notifier) RecordDelivery(ctx context.Context, providerMessageID, status string) error {
	updated, err := n.notifications.UpdateDeliveryStatus(ctx, n.pool, providerMessageID, status)
	if err != nil {
		return err
	}
	if updated == 0 {
		n.log.DebugContext(ctx, "delivery receipt for unknown message", "message_id", providerMessageID)
	}
	return nil
}
