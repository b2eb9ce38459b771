// Package guests sends guest invitations and visit-day reminders by SMS.
package guests

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"text/template"
	"time"

	"github.com/google/uuid"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idgen"
	"github.com/deskhive/coworking/internal/providers/sms"
	"github.com/deskhive/coworking/internal/store"
	"github.com/deskhive/coworking/internal/tasks"
)

// ErrHostNotFound is returned when the inviting member does not exist.
var ErrHostNotFound = errors.New("host not found")

var (
	inviteTmpl = template.Must(template.New("invite").Parse(
		"Hi {{.Guest}}, {{.Host}} has invited you to DeskHive on {{.Date}}. Show this message at reception."))
	reminderTmpl = template.Must(template.New("reminder").Parse(
		"Reminder: {{.Host}} is expecting you at DeskHive today. Reception opens at 08:00."))
)

// InviteInput is a guest invitation.
type InviteInput struct {
	HostMemberID  uuid.UUID
	RoomBookingID *uuid.UUID
	GuestName     string
	GuestPhone    string
	VisitDate     time.Time
}

// Service manages invitations.
type Service interface {
	Invite(ctx context.Context, in InviteInput) (db.GuestInvitation, error)
}

type service struct {
	store store.Store
	sms   sms.Sender
	log   *slog.Logger
}

// NewService builds the guests service.
func NewService(s store.Store, sender sms.Sender, log *slog.Logger) Service {
	return &service{store: s, sms: sender, log: log}
}

func render(t *template.Template, data any) (string, error) {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return "", err
	}
	return b.String(), nil
}

func (s *service) Invite(ctx context.Context, in InviteInput) (db.GuestInvitation, error) {
	host, err := s.store.GetMember(ctx, in.HostMemberID)
	if store.IsNotFound(err) {
		return db.GuestInvitation{}, ErrHostNotFound
	}
	if err != nil {
		return db.GuestInvitation{}, err
	}

	params := db.InsertGuestInvitationParams{
		ID:           idgen.NewID(),
		HostMemberID: host.ID,
		GuestName:    in.GuestName,
		GuestPhone:   in.GuestPhone,
		VisitDate:    in.VisitDate,
	}
	if in.RoomBookingID != nil {
		params.RoomBookingID = uuid.NullUUID{UUID: *in.RoomBookingID, Valid: true}
	}
	inv, err := s.store.InsertGuestInvitation(ctx, params)
	if err != nil {
		return db.GuestInvitation{}, fmt.Errorf("insert invitation: %w", err)
	}

	body, err := render(inviteTmpl, map[string]string{
		"Guest": inv.GuestName, "Host": host.FullName, "Date": inv.VisitDate.Format("Mon 2 Jan"),
	})
	if err != nil {
		return db.GuestInvitation{}, err
	}
	receipt, err := s.sms.Send(ctx, sms.Message{To: inv.GuestPhone, Body: body, ClientRef: inv.ID.String()})
	if err != nil {
		return db.GuestInvitation{}, fmt.Errorf("send invitation: %w", err)
	}
	if err := s.store.SetInvitationSent(ctx, db.SetInvitationSentParams{
		ID:           inv.ID,
		SmsMessageID: sql.NullString{String: receipt.MessageID, Valid: true},
	}); err != nil {
		return db.GuestInvitation{}, err
	}
	inv.Status = "sent"
	inv.SmsMessageID = sql.NullString{String: receipt.MessageID, Valid: true}
	return inv, nil
}

// Jobs holds the guest background tasks.
type Jobs struct {
	store store.Store
	sms   sms.Sender
	log   *slog.Logger
}

// NewJobs builds the guest jobs.
func NewJobs(s store.Store, sender sms.Sender, log *slog.Logger) *Jobs {
	return &Jobs{store: s, sms: sender, log: log}
}

// Registrations lists the task types served by this package.
func (j *Jobs) Registrations() []tasks.Registration {
	return []tasks.Registration{
		{Type: tasks.TypeGuestReminders, Handler: tasks.Handle(j.SendReminders)},
	}
}

// SendReminders texts every guest expected today who has not yet been
// reminded.
func (j *Jobs) SendReminders(ctx context.Context, p tasks.DatePayload) error {
	day := time.Now().UTC().Truncate(24 * time.Hour)
	if p.Date != "" {
		d, err := time.Parse("2006-01-02", p.Date)
		if err != nil {
			return err
		}
		day = d
	}
	invites, err := j.store.ListInvitationsForDate(ctx, day)
	if err != nil {
		return err
	}
	var failed int
	for _, inv := range invites {
		host, err := j.store.GetMember(ctx, inv.HostMemberID)
		if err != nil {
			return err
		}
		body, err := render(reminderTmpl, map[string]string{"Host": host.FullName})
		if err != nil {
			return err
		}
		if _, err := j.sms.Send(ctx, sms.Message{
			To:        inv.GuestPhone,
			Body:      body,
			ClientRef: idgen.Derived("guest-reminder", inv.ID.String()),
		}); err != nil {
			j.log.WarnContext(ctx, "reminder failed", "invitation_id", inv.ID, "err", err)
			failed++
			continue
		}
		if _, err := j.store.MarkReminderSent(ctx, inv.ID); err != nil {
			return err
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d reminders failed", failed, len(invites))
	}
	return nil
}
