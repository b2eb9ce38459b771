package reminders

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/jobs"
	"github.com/carelink/telehealth/internal/providers/email"
	"github.com/carelink/telehealth/internal/providers/sms"
)

// Appointments loads appointments.
type Appointments interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Appointment, error)
}

// People loads patients and clinicians.
type People interface {
	Patient(ctx context.Context, id uuid.UUID) (*domain.Patient, error)
	Clinician(ctx context.Context, id uuid.UUID) (*domain.Clinician, error)
}

// Notifications tracks per-appointment notifications.
type Notifications interface {
	Ensure(ctx context.Context, id, apptID uuid.UUID, channel, template string) (*domain.Notification, error)
	SetStatus(ctx context.Context, id uuid.UUID, status, providerID string) error
}

// SentLog records reminders that went out.
type SentLog interface {
	WasSent(ctx context.Context, apptID uuid.UUID, channel, window string) (bool, error)
	Record(ctx context.Context, apptID uuid.UUID, channel, window, ref string) error
}

// Handlers are the reminder-worker job handlers.
type Handlers struct {
	appts   Appointments
	people  People
	notifs  Notifications
	sent    SentLog
	sms     sms.Sender
	mail    email.Mailer
	baseURL string
	log     *slog.Logger
}

func NewHandlers(appts Appointments, people People, notifs Notifications, sent SentLog,
	smsSender sms.Sender, mail email.Mailer, baseURL string, log *slog.Logger) *Handlers {
	return &Handlers{appts: appts, people: people, notifs: notifs, sent: sent,
		sms: smsSender, mail: mail, baseURL: baseURL, log: log}
}

// Registry returns the handler table for the job runner.
func (h *Handlers) Registry() jobs.Registry {
	return jobs.Registry{
		KindReminderSMS:    withPayload(h.reminderSMS),
		KindReminderEmail:  withPayload(h.reminderEmail),
		KindVisitLink:      h.visitLink,
		KindFollowupSurvey: withPayload(h.followupSurvey),
	}
}

// withPayload decodes the job payload before calling fn.
func withPayload[T any](fn func(ctx context.Context, p T) error) jobs.Handler {
	return func(ctx context.Context, j *jobs.Job) error {
		var p T
		if err := j.Decode(&p); err != nil {
			return err
		}
		return fn(ctx, p)
	}
}

type visitCtx struct {
	appt      *domain.Appointment
	patient   *domain.Patient
	clinician *domain.Clinician
}

func (h *Handlers) load(ctx context.Context, apptID string) (*visitCtx, error) {
	id, ok := ids.ParseUUID(apptID)
	if !ok {
		return nil, fmt.Errorf("bad appointment id %q", apptID)
	}
	a, err := h.appts.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	p, err := h.people.Patient(ctx, a.PatientID)
	if err != nil {
		return nil, err
	}
	c, err := h.people.Clinician(ctx, a.ClinicianID)
	if err != nil {
		return nil, err
	}
	return &visitCtx{appt: a, patient: p, clinician: c}, nil
}

// reminderSMS texts the patient before the visit.
func (h *Handlers) reminderSMS(ctx context.Context, p ReminderPayload) error {
	v, err := h.load(ctx, p.AppointmentID)
	if err != nil {
		return err
	}
	if v.appt.Status != domain.StatusBooked || v.patient.PhoneE164 == nil || !v.patient.SMSOptIn {
		return nil
	}
	n, err := h.notifs.Ensure(ctx, ids.NewUUID(), v.appt.ID, "sms", "reminder_"+p.Window)
	if err != nil {
		return err
	}
	if n.Status == "sent" {
		return nil
	}
	res, err := h.sms.Send(ctx, sms.Message{
		To:   *v.patient.PhoneE164,
		Body: reminderSMSBody(v.appt, v.clinician, p.Window),
	})
	if err != nil {
		return err
	}
	return h.notifs.SetStatus(ctx, n.ID, "sent", res.SID)
}

// reminderEmail e-mails the patient the day before the visit.
func (h *Handlers) reminderEmail(ctx context.Context, p ReminderPayload) error {
	v, err := h.load(ctx, p.AppointmentID)
	if err != nil {
		return err
	}
	if v.appt.Status != domain.StatusBooked {
		return nil
	}
	done, err := h.sent.WasSent(ctx, v.appt.ID, "email", p.Window)
	if err != nil || done {
		return err
	}
	subject, body := reminderEmail(v.patient, v.appt, v.clinician, h.baseURL)
	msgID, err := h.mail.Send(ctx, email.Email{
		To:      v.patient.Email,
		Subject: subject,
		Text:    body,
		Tags:    []string{"reminder", p.Window},
	})
	if err != nil {
		return err
	}
	return h.sent.Record(ctx, v.appt.ID, "email", p.Window, msgID)
}

// visitLink texts the patient the join link for a visit in progress.
func (h *Handlers) visitLink(ctx context.Context, j *jobs.Job) error {
	var p AppointmentPayload
	if err := j.Decode(&p); err != nil {
		return err
	}
	v, err := h.load(ctx, p.AppointmentID)
	if err != nil {
		return err
	}
	if v.patient.PhoneE164 == nil || v.appt.VideoJoinURL == nil || !v.appt.Live() {
		return nil
	}
	_, err = h.sms.Send(ctx, sms.Message{
		To:             *v.patient.PhoneE164,
		Body:           fmt.Sprintf("CareLink: %s is ready for you. Join your visit: %s", v.clinician.FullName, *v.appt.VideoJoinURL),
		IdempotencyKey: j.ID,
	})
	return err
}

// followupSurvey e-mails the post-visit survey.
func (h *Handlers) followupSurvey(ctx context.Context, p AppointmentPayload) error {
	v, err := h.load(ctx, p.AppointmentID)
	if err != nil {
		return err
	}
	if v.appt.Status != domain.StatusCompleted {
		return nil
	}
	subject, body := surveyEmail(v.patient, v.appt, h.baseURL)
	return h.emailOnce(ctx, v, "followup_survey", email.Email{
		To: v.patient.Email, Subject: subject, Text: body, Tags: []string{"survey"},
	})
}

// emailOnce sends e and tracks it in the appointment's notification row,
// whose ID is the Mailgrid reference.
func (h *Handlers) emailOnce(ctx context.Context, v *visitCtx, template string, e email.Email) error {
	n, err := h.notifs.Ensure(ctx, ids.NewUUID(), v.appt.ID, "email", template)
	if err != nil {
		return err
	}
	ref := n.ID.String()
	switch n.Status {
	case "sent":
		return nil
	case "sending":
		msgID, found, err := h.mail.FindByReference(ctx, ref)
		if err != nil {
			return err
		}
		if found {
			return h.notifs.SetStatus(ctx, n.ID, "sent", msgID)
		}
	}
	if err := h.notifs.SetStatus(ctx, n.ID, "sending", ""); err != nil {
		return err
	}
	e.Reference = ref
	msgID, err := h.mail.Send(ctx, e)
	if err != nil {
		return err
	}
	return h.notifs.SetStatus(ctx, n.ID, "sent", msgID)
}
